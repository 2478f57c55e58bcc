/**
 * Where uploads go. Every driver stores bytes
 * under a key the server generated and answers the URL or site path at which
 * the file is public. The option shapes are the settings sections of
 * `config/storage.toml`, so a parsed section is passed in as it is.
 */
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { createLocalStorage, type LocalStorageOptions } from './local';
import { cosTarget, createS3Storage, kodoTarget, ossTarget, type CosOptions, type KodoOptions, type OssOptions } from './s3';

export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<{ path: string }>;
}

export interface StorageOptions {
  local: LocalStorageOptions;
  oss: OssOptions;
  cos: CosOptions;
  kodo: KodoOptions;
}
export type StorageKind = keyof StorageOptions;

export interface StorageContext {
  /** Base of a relative local `path` (the app's data directory). */
  dataDir: string;
  /** Extra S3 client settings (tests route provider hosts to a local server). */
  s3?: Partial<S3ClientConfig>;
}

const DRIVERS: { [K in StorageKind]: (options: StorageOptions[K], context: StorageContext) => Storage } = {
  local: (options, { dataDir }) => createLocalStorage(options, dataDir),
  oss: (options, { s3 }) => createS3Storage(ossTarget(options), s3),
  cos: (options, { s3 }) => createS3Storage(cosTarget(options), s3),
  kodo: (options, { s3 }) => createS3Storage(kodoTarget(options), s3),
};

export function createStorage<K extends StorageKind>(kind: K, options: StorageOptions[K], context: StorageContext): Storage {
  const driver = DRIVERS[kind];
  if (!driver) throw new Error(`unknown storage kind: ${String(kind)}`);
  return driver(options, context);
}

export { sniffImage, IMAGE_TYPES, type ImageExt, type SniffedImage } from './sniff';
export { objectKey } from './names';
export { localStorageRoot, LOCAL_PUBLIC_PREFIX, type LocalStorageOptions } from './local';
export { ossTarget, cosTarget, kodoTarget, type OssOptions, type CosOptions, type KodoOptions, type S3Target } from './s3';
