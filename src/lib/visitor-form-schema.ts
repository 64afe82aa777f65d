/**
 * The browser's copy of the visitor fields every form shares (the server's is
 * src/server/visitor-schema.server.ts): a person's name, e-mail and phone, and a message.
 */
import * as v from "valibot";
import {
  emailPattern,
  fieldLimits,
  fieldMessages,
  namePattern,
  phoneParts,
  singleLinePattern,
  withoutInvisibleCharacters,
} from "./visitor-fields";

const oneLine = v.transform((text: string) => withoutInvisibleCharacters(text, "one-line"));

/** Lengths in characters (code points), as the server's zod counts them, not in UTF-16 units. */
const characters = (text: string) => [...text].length;
export const minCharacters = (min: number, message: string) =>
  v.check((text: string) => characters(text) >= min, message);
export const maxCharacters = (max: number, message: string) =>
  v.check((text: string) => characters(text) <= max, message);

/** A missing field reads as empty, so it gets the field's own message rather than a generic one. */
function required<T extends v.GenericSchema<string, string>>(schema: T) {
  return v.optional(schema, "");
}

function personName(requiredMessage: string) {
  const max = fieldLimits.nameMax;
  return required(
    v.pipe(
      v.string(requiredMessage),
      oneLine,
      v.trim(),
      minCharacters(1, requiredMessage),
      maxCharacters(max, fieldMessages.tooLong(max)),
      v.regex(singleLinePattern, fieldMessages.singleLine),
      v.regex(namePattern, fieldMessages.nameCharacters),
    ),
  );
}

/** Who the visitor is and how to reach them: the same four fields on every form. */
export const personFormEntries = {
  firstName: personName(fieldMessages.firstName),
  lastName: personName(fieldMessages.lastName),
  email: required(
    v.pipe(
      v.string(fieldMessages.email),
      oneLine,
      v.trim(),
      maxCharacters(fieldLimits.emailMax, fieldMessages.email),
      v.regex(singleLinePattern, fieldMessages.email),
      v.regex(emailPattern, fieldMessages.email),
    ),
  ),
  phone: required(
    v.pipe(
      v.string(fieldMessages.phone),
      oneLine,
      v.trim(),
      minCharacters(1, fieldMessages.phone),
      maxCharacters(fieldLimits.phoneMax, fieldMessages.tooLong(fieldLimits.phoneMax)),
      v.regex(singleLinePattern, fieldMessages.singleLine),
      v.check((phone: string) => phoneParts(phone) !== null, fieldMessages.phoneDigits),
    ),
  ),
};

/** A visitor's own words: tabs and line breaks kept, invisible characters dropped. */
export const messageFormEntry = required(
  v.pipe(
    v.string(fieldMessages.message),
    v.transform((text: string) => withoutInvisibleCharacters(text, "message")),
    v.trim(),
    minCharacters(fieldLimits.messageMin, fieldMessages.message),
    maxCharacters(fieldLimits.messageMax, fieldMessages.tooLong(fieldLimits.messageMax)),
  ),
);
