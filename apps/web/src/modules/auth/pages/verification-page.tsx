import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ZOtp } from '@sales-assist/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { pendingChallenge } from '../../../app/session/pending-challenge';
import { AuthHeading } from '../components/auth-heading';
import { AuthLayout } from '../components/auth-layout';
import { CodeField } from '../components/code-field';
import { MissingChallenge } from '../components/missing-challenge';
import { useResendOtp } from '../hooks/use-resend-otp';
import { useVerifyOtp } from '../hooks/use-verify-otp';

/** /verificationpage: the code mailed at sign-up (or at a login of an unverified account). */
export const VerificationPage = () => {
  const [challenge] = useState(() => pendingChallenge.get('verification'));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyOtp(challenge);
  const resend = useResendOtp(challenge?.token);

  const send = (value: string) => {
    const parsed = ZOtp.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter the 6-digit code');
      return;
    }
    if (!verify.isPending) verify.mutate(parsed.data);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };

  return (
    <AuthLayout panelTitle="Get Future Ready">
      {challenge ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <AuthHeading
              title="Verify your e-mail"
              subtitle={
                <>
                  We sent a 6-digit code to <b>{challenge.email}</b>. Enter it below.
                </>
              }
            />
            <CodeField
              value={code}
              onChange={(value) => {
                setCode(value);
                setError(null);
              }}
              error={error}
              autoFocus
              onComplete={send}
            />
            <Button
              type="submit"
              size="md"
              loading={verify.isPending}
              leftSection={<IconShieldCheck size={18} />}
            >
              Verify
            </Button>
            <Group justify="center" gap={6}>
              <Text size="sm" c="dimmed">
                Didn&apos;t get it?
              </Text>
              <Anchor component="button" type="button" size="sm" fw={600} onClick={() => resend.mutate()}>
                {resend.isPending ? 'Sending…' : 'Resend code'}
              </Anchor>
            </Group>
          </Stack>
        </form>
      ) : (
        <MissingChallenge title="Verify your e-mail" startPath="/registerPage" startLabel="Sign up" />
      )}
    </AuthLayout>
  );
};
