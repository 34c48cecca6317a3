import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PasswordLabel } from './password-label';

/** "New password" (with the password rules) and its confirmation, as every password form asks them. */
export const NewPasswordFields = ({
  passwordProps,
  confirmProps,
}: {
  passwordProps: PasswordInputProps;
  confirmProps: PasswordInputProps;
}) => (
  <>
    <PasswordInput
      label={<PasswordLabel label="New password" />}
      autoComplete="new-password"
      required
      {...passwordProps}
    />
    <PasswordInput label="Confirm new password" autoComplete="new-password" required {...confirmProps} />
  </>
);
