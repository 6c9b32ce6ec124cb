// What a browser and its push service do with a web push, written from the RFCs with node:crypto
// only (no web-push): the subscription's keys (RFC 8291 §3: a P-256 pair and a 16-byte auth
// secret), the VAPID token check (RFC 8292: ES256 JWT, aud the endpoint's origin, exp within
// 24 hours, sub), and aes128gcm decryption (RFC 8188 with the RFC 8291 key derivation).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';

/** A browser's side of one subscription: it keeps the private key, the server gets the rest. */
export interface BrowserKeys {
  /** Uncompressed P-256 point, base64url: the subscription's keys.p256dh. */
  p256dh: string;
  /** 16 random bytes, base64url: keys.auth. */
  auth: string;
  privateKey: Buffer;
}

export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey('base64url'),
    auth: randomBytes(16).toString('base64url'),
    privateKey: ecdh.getPrivateKey(),
  };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The application server's public key (k=), base64url. */
  publicKey: string;
}

/** Thrown for a request a push service refuses; `status` is what it answers. */
export class PushRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PushRefusal';
  }
}

function jsonPart(part: string | undefined, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new PushRefusal(401, `VAPID token: the ${what} is not JSON`);
}

/** A P-256 public key from its uncompressed point, for verify(). */
function publicKeyOf(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) throw new PushRefusal(401, 'VAPID key: not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by the
 * key's pair, its aud is the push resource's origin, exp no more than 24 h ahead, sub a contact.
 */
export function checkVapid(authorization: string | undefined, endpoint: string, nowSeconds: number): VapidClaims {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new PushRefusal(401, 'no vapid Authorization');
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const publicKey = params.get('k');
  if (token === undefined || publicKey === undefined)
    throw new PushRefusal(401, 'vapid Authorization without t= or k=');
  const [header, payload, signature, ...rest] = token.split('.');
  if (signature === undefined || rest.length > 0) throw new PushRefusal(401, 'VAPID token: not a JWS');
  const head = jsonPart(header, 'header');
  if (head.alg !== 'ES256') throw new PushRefusal(401, `VAPID token: alg ${String(head.alg)}, not ES256`);
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKeyOf(Buffer.from(publicKey, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new PushRefusal(403, 'VAPID token: the signature does not match k');
  const claims = jsonPart(payload, 'payload');
  const { aud, exp, sub } = claims;
  if (aud !== new URL(endpoint).origin)
    throw new PushRefusal(403, `VAPID token: aud ${String(aud)} is not the endpoint's origin`);
  if (typeof exp !== 'number' || exp <= nowSeconds) throw new PushRefusal(403, 'VAPID token: expired');
  if (exp > nowSeconds + 24 * 3600) throw new PushRefusal(403, 'VAPID token: exp more than 24 hours ahead');
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub))
    throw new PushRefusal(403, 'VAPID token: sub is not mailto: or https:');
  return { aud, exp, sub, publicKey };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 §3.4 and RFC 8188 §2: header salt(16) | rs(4) | idlen(1) | keyid (the server's
 * ephemeral public key), then records of AES-128-GCM; the last record's padding delimiter is 2.
 */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): string {
  if (body.length < 21) throw new PushRefusal(400, 'aes128gcm: body shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || serverPublic[0] !== 4) throw new PushRefusal(400, 'aes128gcm: keyid is not a P-256 point');
  if (recordSize < 18) throw new PushRefusal(400, 'aes128gcm: record size too small');
  const ciphertext = body.subarray(21 + idLength);

  const browser = createECDH('prime256v1');
  browser.setPrivateKey(keys.privateKey);
  let shared: Buffer;
  try {
    shared = browser.computeSecret(serverPublic);
  } catch {
    throw new PushRefusal(400, 'aes128gcm: keyid is not on the curve');
  }
  const browserPublic = Buffer.from(keys.p256dh, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, serverPublic]);
  const ikm = hkdf(Buffer.from(keys.auth, 'base64url'), shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const plain: Buffer[] = [];
  let sequence = 0;
  for (let at = 0; at < ciphertext.length; at += recordSize, sequence++) {
    const record = ciphertext.subarray(at, at + recordSize);
    // RFC 8188 §2.3: the record's sequence number XORed into the last bytes of the nonce
    const nonce = Buffer.from(baseNonce);
    for (let i = 0, rest = sequence; i < 6; i++, rest = Math.floor(rest / 256))
      nonce[11 - i] = (nonce[11 - i] ?? 0) ^ (rest % 256);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let text: Buffer;
    try {
      text = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new PushRefusal(400, 'aes128gcm: the record does not decrypt with this subscription');
    }
    const last = at + recordSize >= ciphertext.length;
    let end = text.length - 1;
    while (end >= 0 && text[end] === 0) end--;
    if (text[end] !== (last ? 2 : 1)) throw new PushRefusal(400, 'aes128gcm: bad padding delimiter');
    plain.push(text.subarray(0, end));
  }
  return Buffer.concat(plain).toString('utf8');
}
