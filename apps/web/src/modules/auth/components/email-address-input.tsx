import { TextInput, type TextInputProps } from '@mantine/core';

/** The spec's "Email Address" field, as every account form shows it. */
export const EmailAddressInput = (props: TextInputProps) => (
  <TextInput
    label="Email Address"
    placeholder="you@company.com"
    type="email"
    autoComplete="email"
    required
    {...props}
  />
);
