import { Input, PinInput } from '@mantine/core';

type TCodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  /** The sixth digit is in (typed or pasted): the form sends itself, as people expect of a code form. */
  onComplete?: (code: string) => void;
};

/** The 6-digit code from the e-mail, one box per digit. */
export const CodeField = ({ value, onChange, error, autoFocus, onComplete }: TCodeFieldProps) => (
  <Input.Wrapper label="Verification code" error={error} required>
    <PinInput
      mt={6}
      length={6}
      type="number"
      size="lg"
      gap="sm"
      value={value}
      onChange={onChange}
      error={Boolean(error)}
      autoFocus={autoFocus}
      onComplete={onComplete}
      ariaLabel="Verification code"
      oneTimeCode
    />
  </Input.Wrapper>
);
