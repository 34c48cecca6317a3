import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZLoginRequest } from '@sales-assist/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { AuthLayout } from '../components/auth-layout';
import { EmailAddressInput } from '../components/email-address-input';
import { RecaptchaNote } from '../components/recaptcha-note';
import { useLogin } from '../hooks/use-login';

const ZLoginForm = ZLoginRequest.pick({ email: true, password: true });

/** Sign In (spec §2): on failure the button is enabled again for another try (spec §4). */
export const LoginPage = () => {
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(ZLoginForm, { sync: true }),
  });
  return (
    <AuthLayout panelTitle="Welcome back">
      <AuthHeading title="Sign In" subtitle="Sign in to continue to your workspace." />
      <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
        <Stack gap="md">
          <EmailAddressInput {...form.getInputProps('email')} />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              placeholder="Your password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/getotp" size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button
            type="submit"
            size="md"
            loading={login.isPending}
            rightSection={<IconArrowRight size={18} />}
          >
            Next
          </Button>
          <Text size="sm" ta="center">
            New to Sales Assist?{' '}
            <Anchor component={Link} to="/registerPage" fw={600}>
              Sign up
            </Anchor>
          </Text>
          <RecaptchaNote />
        </Stack>
      </form>
    </AuthLayout>
  );
};
