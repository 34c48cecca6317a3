import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZRegisterRequest } from '@sales-assist/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PasswordLabel } from '../../../ui/password-label';
import { AuthHeading } from '../components/auth-heading';
import { AuthLayout } from '../components/auth-layout';
import { EmailAddressInput } from '../components/email-address-input';
import { RecaptchaNote } from '../components/recaptcha-note';
import { useRegister } from '../hooks/use-register';

const ZRegisterForm = ZRegisterRequest.pick({ email: true, password: true });

/**
 * Sign Up (spec §2). After a failed check the button stays disabled until the input changes
 * (spec §4), so the same invalid values are not sent again.
 */
export const RegisterPage = () => {
  const register = useRegister();
  const [blocked, setBlocked] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(ZRegisterForm, { sync: true }),
    onValuesChange: () => setBlocked(false),
  });
  const submit = form.onSubmit(
    (values) => register.mutate(values),
    () => setBlocked(true),
  );
  return (
    <AuthLayout panelTitle="Get Future Ready">
      <AuthHeading title="Sign Up" subtitle="Create your account in a minute." />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailAddressInput {...form.getInputProps('email')} />
          <PasswordInput
            label={<PasswordLabel />}
            placeholder="Create a password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button
            type="submit"
            size="md"
            disabled={blocked}
            loading={register.isPending}
            rightSection={<IconArrowRight size={18} />}
          >
            Next
          </Button>
          <Text size="sm" ta="center">
            Already a user?{' '}
            <Anchor component={Link} to="/loginPage" fw={600}>
              Sign in
            </Anchor>
          </Text>
          <RecaptchaNote />
        </Stack>
      </form>
    </AuthLayout>
  );
};
