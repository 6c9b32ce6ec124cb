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
