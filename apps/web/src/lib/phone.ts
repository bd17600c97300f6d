// Shapes a Russian phone number as the shopper types: "+7 912 345-67-89". A leading 8 or 7 is
// read as the country code; the API normalises to +7XXXXXXXXXX anyway. A foreign number
// («+375 29 123-45-67», or 11+ digits not starting with 7 or 8) is kept as typed, never rewritten
// into a Russian one: the form then refuses it with the contract's message (issue 27).
export function formatPhoneInput(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 0) return value.trim().startsWith('+') ? '+' : '';
  if (isForeign(value, digits)) return value.replace(/[^\d\s()+-]/g, '').slice(0, 24);
  if (digits[0] === '8' || digits[0] === '7') digits = digits.slice(1);
  digits = digits.slice(0, 10);
  let out = '+7';
  if (digits.length > 0) out += ` ${digits.slice(0, 3)}`;
  if (digits.length > 3) out += ` ${digits.slice(3, 6)}`;
  if (digits.length > 6) out += `-${digits.slice(6, 8)}`;
  if (digits.length > 8) out += `-${digits.slice(8, 10)}`;
  return out;
}

function isForeign(value: string, digits: string): boolean {
  if (value.trim().startsWith('+')) return digits[0] !== '7';
  return digits[0] !== '7' && digits[0] !== '8' && digits.length > 10;
}
