import type { ReactNode } from "react";
import { fieldLimits } from "~/lib/visitor-fields";
import { RobotCheck } from "~/ui/RobotCheck";

/**
 * The parts every booking form shares: who the customer is (the four contact fields every kind
 * asks for), and a field whose server message sits right below it, named for screen readers. Each
 * page's ids start with its own prefix ("booking-email", "service-email"), so two forms never clash.
 */

export type PersonField = "firstName" | "lastName" | "email" | "phone";

export interface TextField<Name extends string = string> {
  name: Name;
  label: string;
  type: string;
  autoComplete?: string;
  maxLength?: number;
}

export const personFields: readonly TextField<PersonField>[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name", maxLength: fieldLimits.nameMax },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name", maxLength: fieldLimits.nameMax },
  { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
];

export const fieldId = (prefix: string, name: string) => `${prefix}-${name}`;
export const errorId = (prefix: string, name: string) => `${prefix}-${name}-error`;

export function FieldError({ prefix, name, message }: { prefix: string; name: string; message: string | undefined }) {
  return message ? (
    <p id={errorId(prefix, name)} className="field__error">
      {message}
    </p>
  ) : null;
}

/** Props for a control whose server message, and any hint, sit right below it. */
export function described(
  prefix: string,
  name: string,
  message: string | undefined,
  { hintId, required }: { hintId?: string; required?: boolean } = {},
) {
  const describedBy = [message ? errorId(prefix, name) : null, hintId ?? null].filter(Boolean).join(" ");
  return {
    id: fieldId(prefix, name),
    name,
    ...(required ? { required: true } : {}),
    "aria-invalid": message ? ("true" as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/** Text fields in a grid, each showing again what was typed and the server's message about it. */
export function TextFields({
  prefix,
  fields,
  errors,
  values,
  required,
}: {
  prefix: string;
  fields: readonly TextField[];
  errors: Record<string, string | undefined>;
  values: Record<string, string | undefined>;
  required?: boolean;
}) {
  return (
    <div className="field-grid">
      {fields.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={fieldId(prefix, field.name)}>{field.label}</label>
          <input
            {...described(prefix, field.name, errors[field.name], { required })}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            defaultValue={values[field.name]}
          />
          <FieldError prefix={prefix} name={field.name} message={errors[field.name]} />
        </div>
      ))}
    </div>
  );
}

/** The end of every booking form: the robot check (when its keys are set), the button, what happens next. */
export function BookingSubmit({ robotCheckKey, label, note }: { robotCheckKey?: string; label: string; note: string }) {
  return (
    <>
      <RobotCheck siteKey={robotCheckKey} />
      <button type="submit" className="button button--accent">
        {label}
      </button>
      <p className="muted">{note}</p>
    </>
  );
}

/** A tick box whose server message sits below it (an add-on, a confirmation the terms ask for). */
export function CheckField({
  prefix,
  name,
  message,
  defaultChecked,
  children,
}: {
  prefix: string;
  name: string;
  message: string | undefined;
  defaultChecked?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field field--check">
      <input {...described(prefix, name, message)} type="checkbox" value="yes" defaultChecked={defaultChecked} />
      <label htmlFor={fieldId(prefix, name)}>{children}</label>
      <FieldError prefix={prefix} name={name} message={message} />
    </div>
  );
}
