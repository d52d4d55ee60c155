const POLYNOMIAL = 0x1021;

/**
 * CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) as the
 * BR Code writes it in field 63: four upper-case hex digits, zero-padded ("0626", not "626").
 * Runs over the UTF-8 bytes so that a foreign payload with accents is checked as its issuer did.
 */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ POLYNOMIAL) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
