import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './ui/password-field.tsx';

export interface NewPasswordFieldsProps {
  /** 'Nova senha' where the account has one already, 'Senha' where it is the first. */
  label: 'Nova senha' | 'Senha';
  ids: { password: string; confirmation: string };
  registrations: { password: UseFormRegisterReturn; confirmation: UseFormRegisterReturn };
  errors: { password?: string; confirmation?: string };
  /** Shown right under the password, which it describes: the reset page's strength meter. */
  meter?: { id: string; element: ReactNode };
}

/**
 * A new password and its confirmation, with the register rule as the hint (the server checks the
 * same rule: packages/shared/src/validation/password.ts). Used where a password is chosen: the
 * invitation, the reset link and the password change.
 */
export function NewPasswordFields({
  label,
  ids,
  registrations,
  errors,
  meter,
}: NewPasswordFieldsProps) {
  const password = (
    <PasswordField
      id={ids.password}
      label={label}
      autoComplete="new-password"
      hint="Use pelo menos 8 caracteres, com letra maiúscula, minúscula e número."
      describedBy={meter?.id}
      registration={registrations.password}
      error={errors.password}
    />
  );
  return (
    <>
      {meter ? (
        <div>
          {password}
          {meter.element}
        </div>
      ) : (
        password
      )}
      <PasswordField
        id={ids.confirmation}
        label={`Confirmar ${label.toLowerCase()}`}
        autoComplete="new-password"
        registration={registrations.confirmation}
        error={errors.confirmation}
      />
    </>
  );
}
