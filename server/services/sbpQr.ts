// The QR of an SBP payment: its bank link drawn by the `qrcode` library as SVG, sent to the
// client as a data URL (an <img> of our page shows it; nothing inline to allow in the CSP).
import QRCode from 'qrcode';

/** The link as a QR code, a data:image/svg+xml URL. */
export async function sbpQrDataUrl(link: string): Promise<string> {
  // 'M' error correction and a quiet zone of 2 modules: how banks' own SBP QR codes are drawn.
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
