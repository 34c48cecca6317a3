import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidPassword, PASSWORD_INVALID, ZOtp } from '@sales-assist/contract';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pendingChallenge } from '../../../app/session/pending-challenge';
import { NewPasswordFields } from '../../../ui/new-password-fields';
import { AuthHeading } from '../components/auth-heading';
import { AuthLayout } from '../components/auth-layout';
import { CodeField } from '../components/code-field';
import { MissingChallenge } from '../components/missing-challenge';
import { useForgotPassword } from '../hooks/use-forgot-password';
import { useResetPassword } from '../hooks/use-reset-password';

/** /changepassword and /password: the mailed code plus the new password, twice. */
export const ResetPasswordPage = () => {
  // Read on every render: "Send a new code" replaces the pending check in place.
  const challenge = pendingChallenge.get('reset');
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const form = useForm({
    initialValues: { otp: '', password: '', confirm: '' },
    validate: {
      otp: (value) => (ZOtp.safeParse(value).success ? null : 'Please enter the 6-digit code'),
      password: (value) => (isValidPassword(value) ? null : PASSWORD_INVALID),
      confirm: (value, values) => (value === values.password ? null : 'Passwords do not match'),
    },
  });

  if (!challenge) {
    return (
      <AuthLayout panelTitle="Get back in">
        <MissingChallenge title="Reset your password" startPath="/getotp" startLabel="Send me a code" />
      </AuthLayout>
    );
  }

  const submit = form.onSubmit(({ otp, password }) =>
    reset.mutate({ token: challenge.token, otp, password }),
  );
  // The sixth digit sends the form when the new password is already typed (twice); otherwise the person
  // goes on to it, and no error is shown for fields they have not reached yet.
  const submitWhenPasswordsTyped = (otp: string) => {
    const { password, confirm } = form.getValues();
    if (reset.isPending || !password || !confirm) return;
    form.setFieldValue('otp', otp);
    submit();
  };
  return (
    <AuthLayout panelTitle="Get back in">
      <AuthHeading
        title="Reset your password"
        subtitle={
          <>
            Enter the code we sent to <b>{challenge.email}</b> and choose a new password.
          </>
        }
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={challenge.email}
            readOnly
            hidden
          />
          <CodeField
            value={form.values.otp}
            onChange={(value) => form.setFieldValue('otp', value)}
            error={typeof form.errors.otp === 'string' ? form.errors.otp : null}
            autoFocus
            onComplete={submitWhenPasswordsTyped}
          />
          <NewPasswordFields
            passwordProps={form.getInputProps('password')}
            confirmProps={form.getInputProps('confirm')}
          />
          <Button type="submit" size="md" loading={reset.isPending} leftSection={<IconKey size={18} />}>
            Change Password
          </Button>
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => resend.mutate(challenge.email)}
              disabled={resend.isPending}
            >
              {resend.isPending ? 'Sending…' : 'Send a new code'}
            </Anchor>
            <Text size="sm">
              <Anchor component={Link} to="/loginpage">
                Back to Sign In
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
};
