/**
 * Sign-in secrecy: the admin always encrypts
 * account and password with the server's RSA-OAEP (SHA-256) public key, so
 * they never cross the wire in clear even without TLS.
 */
function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Returns an encryptor bound to one key, so a form encrypts several fields with one import. */
export async function rsaEncryptor(publicKeyPem: string): Promise<(plain: string) => Promise<string>> {
  const key = await crypto.subtle.importKey('spki', pemToDer(publicKeyPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  return async (plain) => toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain)));
}

/** The encryptor for the key the server published in `/api/comm/init`. */
export const encryptorFor = (init: { publicKey: string }) => rsaEncryptor(init.publicKey);
