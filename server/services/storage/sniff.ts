/**
 * Recognise an upload by its bytes, never by its name or declared type: both
 * come from the client and lie as easily as they tell the truth. Only the four
 * raster formats browsers render inertly are accepted; SVG is refused because
 * it is a document that can carry script.
 */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type ImageExt = keyof typeof IMAGE_TYPES;
export interface SniffedImage {
  ext: ImageExt;
  mime: (typeof IMAGE_TYPES)[ImageExt];
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Byte patterns at fixed offsets; `null` matches any byte (the RIFF size field). */
const SIGNATURES: ReadonlyArray<{ ext: ImageExt; pattern: ReadonlyArray<number | null> }> = [
  // PNG signature followed by the mandatory first chunk, IHDR.
  { ext: 'png', pattern: [0x89, ...ascii('PNG\r\n\x1a\n'), null, null, null, null, ...ascii('IHDR')] },
  // SOI marker followed by the start of the next marker.
  { ext: 'jpg', pattern: [0xff, 0xd8, 0xff] },
  { ext: 'gif', pattern: ascii('GIF87a') },
  { ext: 'gif', pattern: ascii('GIF89a') },
  // RIFF container of type WEBP whose first chunk is VP8, VP8L or VP8X.
  { ext: 'webp', pattern: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBPVP8')] },
];

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const match = SIGNATURES.find(({ pattern }) =>
    bytes.length >= pattern.length && pattern.every((byte, i) => byte === null || bytes[i] === byte),
  );
  return match ? { ext: match.ext, mime: IMAGE_TYPES[match.ext] } : null;
}
