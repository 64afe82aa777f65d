import fc from "fast-check";

/**
 * Generators of what visitors type, in the world's scripts, and of what pasted or forged text
 * carries besides: controls, text-direction overrides, non-characters, broken surrogate pairs.
 */

const scriptRanges: [number, number][] = [
  [0x41, 0x5a], // Latin
  [0x61, 0x7a],
  [0x30, 0x39],
  [0xc0, 0xff], // Latin-1 letters
  [0x100, 0x17f], // Latin Extended-A
  [0x300, 0x36f], // combining accents
  [0x391, 0x3c9], // Greek
  [0x410, 0x44f], // Cyrillic
  [0x531, 0x556], // Armenian
  [0x5d0, 0x5ea], // Hebrew
  [0x621, 0x64a], // Arabic
  [0x905, 0x94c], // Devanagari
  [0xe01, 0xe30], // Thai
  [0x10d0, 0x10fa], // Georgian
  [0x1200, 0x1248], // Ethiopic
  [0x3041, 0x3096], // Hiragana
  [0x4e00, 0x9fff], // CJK ideographs
  [0xac00, 0xd7a3], // Hangul
  [0x1d400, 0x1d7ff], // mathematical letters (outside the BMP)
  [0x1f300, 0x1f64f], // emoji (outside the BMP)
];

const scriptCharacter = fc.oneof(
  ...scriptRanges.map(([low, high]) => fc.integer({ min: low, max: high }).map((code) => String.fromCodePoint(code))),
);
/** Characters with a meaning in mail headers, HTML or XML. */
const markupCharacter = fc.constantFrom(..." \"'<>&=?_\\,;:()[]@.-+/%#*!~`{}|^$".split(""), "=?", "?=", "]]>");
const spaceCharacter = fc.constantFrom(" ", "\u00a0", "\u3000", "\u2009");
const lineBreak = fc.constantFrom("\n", "\r\n", "\r", "\t");
/** What XML 1.0 forbids or a reader cannot see: intake must remove or refuse each of these. */
export const hiddenCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom("\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"),
  fc.constantFrom("\u2066", "\u2067", "\u2068", "\u2069", "\ufffe", "\uffff", "\ufdd0", "\u{1fffe}", "\u{10ffff}"),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);

function text(unit: fc.Arbitrary<string>, maxLength: number) {
  return fc.string({ unit, maxLength });
}

/** One-line text as typed: letters of every script, punctuation, spaces. */
export function oneLineText(maxLength: number) {
  return text(fc.oneof({ weight: 6, arbitrary: scriptCharacter }, markupCharacter, spaceCharacter), maxLength);
}

const nameLetterRanges = scriptRanges.filter(([low]) => low !== 0x30 && low !== 0x1f300);
const nameCharacter = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.oneof(
      ...nameLetterRanges.map(([low, high]) =>
        fc.integer({ min: low, max: high }).map((code) => String.fromCodePoint(code)),
      ),
    ),
  },
  fc.constantFrom(" ", "\u00a0", "\u3000", "-", "'", "\u2019", "."),
);

/** A name as typed: letters of every script, with the spaces, hyphens, apostrophes and periods names have. */
export function nameText(maxLength: number) {
  return text(nameCharacter, maxLength);
}

/** A US phone as people write it: an optional 1, ten digits in the usual groupings, sometimes an extension. */
export const phoneNumber = fc
  .tuple(
    fc.constantFrom("", "1 ", "+1 ", "1-"),
    fc.stringMatching(/^[0-9]{3}$/),
    fc.stringMatching(/^[0-9]{3}$/),
    fc.stringMatching(/^[0-9]{4}$/),
    fc.constantFrom(["", "-", "-"], ["(", ") ", "-"], ["", ".", "."], ["", " ", " "], ["", "", ""]),
    fc.constantFrom("", " ext 9", " ext. 12", " x12", " #301"),
  )
  .map(
    ([country, area, exchange, line, [open, middle, last], extension]) =>
      `${country}${open}${area}${middle}${exchange}${last}${line}${extension}`,
  );

/** A message as typed, with line breaks and tabs; sometimes one very long line, to the size limit. */
export function messageText(maxLength: number) {
  const typed = text(
    fc.oneof({ weight: 8, arbitrary: scriptCharacter }, markupCharacter, spaceCharacter, lineBreak),
    Math.min(maxLength, 600),
  );
  const longLine = fc
    .tuple(fc.oneof(scriptCharacter, markupCharacter), fc.integer({ min: Math.min(900, maxLength), max: maxLength }))
    .map(([character, length]) => character.repeat(Math.ceil(length / character.length)).slice(0, length));
  return fc.oneof({ weight: 3, arbitrary: typed }, longLine);
}

/** Any of the above with hidden characters mixed in, as a forged request or a careless paste sends. */
export function withHiddenCharacters(base: fc.Arbitrary<string>) {
  return fc.tuple(base, fc.array(fc.tuple(fc.nat(), hiddenCharacter), { maxLength: 6 })).map(([value, insertions]) =>
    insertions.reduce((result, [at, hidden]) => {
      const position = at % (result.length + 1);
      return result.slice(0, position) + hidden + result.slice(position);
    }, value),
  );
}

/** Letters that domain names are written in, one script to a label as registries require. */
const domainScripts: [number, number][] = [
  [0x61, 0x7a], // Latin
  [0xe0, 0xf6], // Latin-1 letters
  [0x3b1, 0x3c9], // Greek
  [0x430, 0x44f], // Cyrillic
  [0x5d0, 0x5ea], // Hebrew
  [0x628, 0x64a], // Arabic
  [0xe01, 0xe2e], // Thai
  [0x915, 0x939], // Devanagari
  [0x3041, 0x3096], // Hiragana
  [0x4e00, 0x9fff], // CJK ideographs
  [0xac00, 0xd7a3], // Hangul
];
const domainLabel = fc.constantFrom(...domainScripts).chain(([low, high]) =>
  fc.string({
    unit: fc.integer({ min: low, max: high }).map((code) => String.fromCodePoint(code)),
    minLength: 1,
    maxLength: 12,
  }),
);

/** Addresses with ASCII mailbox names and domains in ASCII or another script. */
export const emailAddress = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._%+-]{0,20}$/),
    fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}[a-z0-9]$/), domainLabel),
    fc.constantFrom("com", "org", "de", "jp", "рф", "みんな"),
  )
  .map(([local, host, tld]) => `${local}@${host}.${tld}`);
