import { describe, expect, it } from 'vitest';
import { objectKey, sniffImage } from '../../server/services/storage';
import { GIF, JPEG, PNG, SVG_WITH_SCRIPT, WEBP } from '../fakes/images';

describe('sniffImage', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['webp', WEBP, 'image/webp'],
  ] as const)('recognises a real %s by its bytes', (ext, bytes, mime) => {
    expect(sniffImage(bytes)).toEqual({ ext, mime });
  });

  it('refuses an SVG, even one that carries script', () => {
    expect(sniffImage(SVG_WITH_SCRIPT)).toBeNull();
  });

  it('refuses zero bytes and text', () => {
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(Buffer.from('GIF? no, plain text'))).toBeNull();
  });

  it('refuses headers cut short', () => {
    expect(sniffImage(PNG.subarray(0, 8))).toBeNull();
    expect(sniffImage(JPEG.subarray(0, 2))).toBeNull();
    expect(sniffImage(GIF.subarray(0, 5))).toBeNull();
    expect(sniffImage(WEBP.subarray(0, 12))).toBeNull();
  });

  it('refuses a RIFF file that is not WebP (a WAV)', () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(16)]);
    expect(sniffImage(wav)).toBeNull();
  });

  it('reads the format of HTML hidden after an image signature as that image, never as HTML', () => {
    // Content is what the bytes say; the stored file is served as image/gif with nosniff.
    expect(sniffImage(Buffer.concat([GIF.subarray(0, 6), Buffer.from('<script>alert(1)</script>')]))?.mime).toBe('image/gif');
  });
});

describe('objectKey', () => {
  it('is a dated path with a random name and the sniffed extension', () => {
    const key = objectKey('png', new Date('2024-03-05T23:59:59Z'));
    expect(key).toMatch(/^2024\/03\/05\/[0-9a-f]{24}\.png$/);
    expect(objectKey('png')).not.toBe(objectKey('png'));
  });
});
