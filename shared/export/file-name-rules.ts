/**
 * What a proposed export file name may contain, on every system the app ships for. Main refuses
 * a name that breaks these rules (the renderer is untrusted); the renderer builds names that keep
 * them from a data-set name anyone may have typed.
 */

/** Characters Windows refuses in a file name; `/` and `\` separate folders everywhere. */
export const RESERVED_FILE_NAME_CHARACTERS = /[<>:"/\\|?*]/;

// C0 controls, DEL and C1 controls.
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Bidirectional controls: a right-to-left override makes `report\u202Efdp.exe` show as
 * `reportexe.pdf`, so the name the user sees is not the file written.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Windows device names: `CON.csv` or `nul.md` opens the device, not a file. The name counts up to
 * its first dot, with trailing spaces ignored.
 */
const RESERVED_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]) *$/i;

export function isReservedDeviceName(name: string): boolean {
  return RESERVED_DEVICE_NAME.test(name.split('.')[0]);
}

/** Why `name` cannot be proposed as a bare file name, or null when it can. */
export function fileNameProblem(name: string, maxLength: number): string | null {
  if (name.trim() === '') return 'is empty';
  if (name.length > maxLength) return `is longer than ${maxLength} characters`;
  if (/[/\\]/.test(name)) return 'contains a path separator';
  if (CONTROL_CHARACTERS.test(name)) return 'contains a control character';
  if (BIDI_CONTROLS.test(name)) return 'contains a text-direction control character';
  if (name === '.' || name === '..') return 'is not a file name';
  if (RESERVED_FILE_NAME_CHARACTERS.test(name)) return 'contains a character Windows does not allow in file names (< > : " | ? *)';
  if (isReservedDeviceName(name)) return 'is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1–9, LPT1–9)';
  if (/[. ]$/.test(name)) return 'ends with a dot or a space, which Windows drops';
  return null;
}
