// The text a campaign's customer gets: the operator's text, the advertising mark and the opt-out
// link. The law on advertising (38-ФЗ, art. 18) lets a customer refuse further messages at any
// time; the link does it in one tap, with no sign-in.

/** The opt-out page of a recipient's code. */
export function optOutLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/u/${code}`;
}

export function campaignMessage(text: string, link: string): string {
  return `${text.trim()}\nРеклама. Отказаться от рассылки: ${link}`;
}

/** SMS parts of a message: 70 characters in one part in UCS-2 (Cyrillic), 67 per part beyond. */
export function smsParts(message: string): number {
  const length = [...message].length;
  return length <= 70 ? 1 : Math.ceil(length / 67);
}

/** What the service worker shows for a push campaign (src/sw/notification.ts keeps 300 characters of the body). */
export interface CampaignPushPayload {
  title: string;
  /** The text, the advertising mark and the opt-out link, as in the SMS. */
  body: string;
  /** A click opens the storefront; the body's link (or the profile) withdraws the consent. */
  url: string;
  tag: string;
}

/** The longest body the service worker shows whole: the opt-out line must never be cut. */
export const PUSH_BODY_MAX = 300;

export function campaignPushPayload(campaignId: string, message: string): CampaignPushPayload {
  return { title: 'Реклама', body: message, url: '/', tag: `campaign-${campaignId}` };
}
