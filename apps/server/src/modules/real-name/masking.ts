// How real-name fields are shown back (docs/product/account.md#real-name-information; contract realInfoSchema):
// the ID number, phone and email are masked; the stars keep the original length.

function keepEnds(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length <= head + tail) return '*'.repeat(chars.length);
  return (
    chars.slice(0, head).join('') +
    '*'.repeat(chars.length - head - tail) +
    chars.slice(chars.length - tail).join('')
  );
}

/** 1234********5678 for 12+ characters; shorter numbers keep fewer (ab****yz, a**d). */
export function maskIdNumber(idNumber: string): string {
  const n = [...idNumber].length;
  const keep = n >= 12 ? 4 : n >= 8 ? 2 : 1;
  return keepEnds(idNumber, keep, keep);
}

/** E.164: "+" and the first 4 digits (2 when short), stars, the last 2 digits. */
export function maskPhone(phone: string): string {
  return keepEnds(phone, phone.length >= 12 ? 5 : 3, 2);
}

/** a***@example.com: the first character of the local part, then three stars. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${[...email][0] ?? ''}***${email.slice(at)}`;
}
