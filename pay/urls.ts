/** Whether a link from the server may be followed: an http(s) address, nothing else (no javascript:). */
export function isHttpUrl(value: string | undefined): value is string {
  try {
    return /^https?:$/.test(new URL(value ?? '').protocol);
  } catch {
    return false;
  }
}
