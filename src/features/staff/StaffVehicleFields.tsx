import type { ReactNode } from "react";
import { visibleLines } from "~/lib/visible-text";

/** A refused field's message, tied to its input for screen readers. */
export function fieldError(refusals: readonly { field: string; message: string }[], field: string): string | undefined {
  return refusals.find((refusal) => refusal.field === field || refusal.field.startsWith(`${field}.`))?.message;
}

export interface StaffFieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** One labelled field of a staff form, with its hint and, after a refusal, its message. */
export function StaffField({ name, label, error, hint, children }: StaffFieldProps) {
  const id = `field-${name.replace(/[^A-Za-z0-9-]/g, "-")}`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy: described, invalid: Boolean(error) })}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {visibleLines(error)}
        </p>
      ) : null}
    </div>
  );
}

export interface StaffInputProps {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  inputMode?: "decimal" | "numeric";
  maxLength?: number;
  required?: boolean;
}

/** A labelled one-line text field of a staff form. */
export function StaffInput({
  name,
  label,
  defaultValue,
  error,
  hint,
  inputMode,
  maxLength,
  required,
}: StaffInputProps) {
  return (
    <StaffField name={name} label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          defaultValue={defaultValue}
          inputMode={inputMode}
          maxLength={maxLength}
          required={required}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
      )}
    </StaffField>
  );
}
