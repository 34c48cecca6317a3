import { Anchor, Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZForgotPasswordRequest } from '@sales-assist/contract';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { AuthLayout } from '../components/auth-layout';
import { EmailAddressInput } from '../components/email-address-input';
import { RecaptchaNote } from '../components/recaptcha-note';
import { useForgotPassword } from '../hooks/use-forgot-password';

const ZForgotForm = ZForgotPasswordRequest.pick({ email: true });

/** /getotp: forgot password — e-mail a reset code, then /changepassword. */
export const ForgotPasswordPage = () => {
  const forgot = useForgotPassword();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(ZForgotForm, { sync: true }),
  });
  return (
    <AuthLayout panelTitle="Get back in">
      <AuthHeading
        title="Forgot password?"
        subtitle="Enter the e-mail address of your account and we will send you a code to reset your password."
      />
      <form onSubmit={form.onSubmit(({ email }) => forgot.mutate(email))} noValidate>
        <Stack gap="md">
          <EmailAddressInput {...form.getInputProps('email')} />
          <Button type="submit" size="md" loading={forgot.isPending} leftSection={<IconMail size={18} />}>
            Send code
          </Button>
          <Text size="sm" ta="center">
            Remembered it?{' '}
            <Anchor component={Link} to="/loginpage" fw={600}>
              Back to Sign In
            </Anchor>
          </Text>
          <RecaptchaNote />
        </Stack>
      </form>
    </AuthLayout>
  );
};
