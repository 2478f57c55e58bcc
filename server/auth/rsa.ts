/**
 * The sign-in key pair: RSA-OAEP (SHA-256) so the console can encrypt account
 * and password before they leave the browser. Kept in the config folder so
 * every instance sharing it decrypts what another's public key encrypted.
 */
import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { badRequest } from '../http';

export interface SignInKeys {
  publicPem: string;
  /** Decrypts a base64 RSA-OAEP ciphertext; plaintext (API clients) passes through. */
  open(value: unknown): unknown;
}

export function loadSignInKeys(configDir: string): SignInKeys {
  const file = path.join(configDir, 'sign-in-key.pem');
  if (!fs.existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.mkdirSync(configDir, { recursive: true });
    try {
      // `wx`: two instances starting together keep the first one's key.
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const privateKey: KeyObject = createPrivateKey(fs.readFileSync(file));
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const cipherLength = Math.ceil((2048 / 8) * 4 / 3 / 4) * 4; // base64 of one 256-byte block
  return {
    publicPem,
    open(value) {
      if (typeof value !== 'string' || value.length !== cipherLength || !/^[A-Za-z0-9+/]+=*$/.test(value)) return value;
      try {
        return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value, 'base64')).toString('utf8');
      } catch {
        throw badRequest('errors.decrypt_failed');
      }
    },
  };
}
