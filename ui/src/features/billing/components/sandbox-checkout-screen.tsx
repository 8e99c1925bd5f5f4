import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';

import { ApiError } from '@/lib/api-client';
import { formErrorsOf } from '@/lib/field-errors';
import { formatMoney } from '@/lib/money';

import {
  completeSandboxCheckout,
  useSandboxCheckout,
  type SandboxAction,
  type SandboxCheckout,
} from '../api/billing';
import {
  cardDigits,
  cardFormSchema,
  formatCardNumber,
  formatExpiry,
  type CardForm,
} from '../lib/card';

export const SANDBOX_BANNER = 'Sandbox payment — no real money moves';
export const MERCHANT_NAME = 'Ledgerline';
export const UNKNOWN_CHECKOUT_MESSAGE = 'This checkout does not exist or has expired.';
export const COMPLETE_CHECKOUT_MESSAGE = 'This checkout is already complete.';
const FAILED_REQUEST_MESSAGE = 'The payment provider could not be reached. Please try again.';

const CARD_FIELDS = ['card_number', 'expiry', 'cvc'] as const;

/** Leaves for the address the provider names (the shop's /payment-completion). */
const leaveByPageLoad = (url: string) => window.location.assign(url);

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.1" py={48} px="md">
      <Stack maw={440} mx="auto" gap="md">
        <Alert
          color="yellow"
          variant="filled"
          radius="md"
          icon={<IconFlask size={18} />}
          data-testid="sandbox-banner"
        >
          {SANDBOX_BANNER}
        </Alert>
        <Paper withBorder radius="lg" p="xl" shadow="sm">
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Stack align="center" ta="center" gap="xs" role="status">
      <IconAlertTriangle size={28} color="var(--mantine-color-gray-6)" />
      <Title order={1} fz={20} fw={600}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

function CheckoutForm({
  txRef,
  data,
  leave,
}: {
  txRef: string;
  data: SandboxCheckout;
  leave: (url: string) => void;
}) {
  const { checkout, test_cards: testCards } = data;
  const [general, setGeneral] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CardForm>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { card_number: '', expiry: '', cvc: '' },
  });

  const act = async (action: SandboxAction) => {
    setGeneral(null);
    try {
      leave(await completeSandboxCheckout(txRef, action));
    } catch (error) {
      const form = formErrorsOf(error);
      if (form) {
        for (const field of CARD_FIELDS) {
          const message = form.fields[field];
          if (message) setError(field, { message });
        }
        const others = Object.entries(form.fields)
          .filter(([key]) => !(CARD_FIELDS as readonly string[]).includes(key))
          .map(([, message]) => message);
        if (others.length + form.general.length > 0)
          setGeneral([...form.general, ...others].join(' '));
        return;
      }
      if (error instanceof ApiError && error.status === 409) setGeneral(COMPLETE_CHECKOUT_MESSAGE);
      else if (error instanceof ApiError && error.status === 404)
        setGeneral(UNKNOWN_CHECKOUT_MESSAGE);
      else setGeneral(FAILED_REQUEST_MESSAGE);
    }
  };

  const onPay = handleSubmit((values) =>
    act({
      action: 'pay',
      card_number: cardDigits(values.card_number),
      expiry: values.expiry,
      cvc: values.cvc,
    }),
  );

  const onCancel = async () => {
    setCancelling(true);
    await act({ action: 'cancel' });
    setCancelling(false);
  };

  const fill = (number: string) =>
    setValue('card_number', formatCardNumber(number), { shouldValidate: true });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Pay {MERCHANT_NAME}
          </Text>
          <Badge variant="light" color="gray">
            {checkout.provider}
          </Badge>
        </Group>
        <Title order={1} fz={30} fw={700} data-testid="checkout-amount">
          {formatMoney(checkout.amount, checkout.currency)}
        </Title>
        <Text size="sm" c="dimmed">
          {checkout.description}
        </Text>
      </Stack>
      <Divider />
      <form onSubmit={(event) => void onPay(event)} noValidate aria-label="Card payment">
        <Stack gap="sm">
          <Controller
            control={control}
            name="card_number"
            render={({ field }) => (
              <TextInput
                label="Card number"
                placeholder="1234 1234 1234 1234"
                inputMode="numeric"
                autoComplete="cc-number"
                error={errors.card_number?.message}
                {...field}
                onChange={(event) => field.onChange(formatCardNumber(event.currentTarget.value))}
              />
            )}
          />
          <Group grow align="flex-start">
            <Controller
              control={control}
              name="expiry"
              render={({ field }) => (
                <TextInput
                  label="Expiry"
                  placeholder="MM/YY"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  error={errors.expiry?.message}
                  {...field}
                  onChange={(event) => field.onChange(formatExpiry(event.currentTarget.value))}
                />
              )}
            />
            <TextInput
              label="CVC"
              placeholder="123"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              error={errors.cvc?.message}
              {...register('cvc')}
            />
          </Group>
          {general && (
            <Alert color="red" variant="light" role="alert">
              {general}
            </Alert>
          )}
          <Button type="submit" size="md" loading={isSubmitting} disabled={cancelling}>
            Pay {formatMoney(checkout.amount, checkout.currency)}
          </Button>
          <Button
            variant="subtle"
            color="gray"
            loading={cancelling}
            disabled={isSubmitting}
            onClick={() => void onCancel()}
          >
            Cancel payment
          </Button>
        </Stack>
      </form>
      <Paper bg="gray.0" p="sm" radius="md">
        <Text size="xs" fw={600} mb={4}>
          Test cards (click to fill)
        </Text>
        <Stack gap={2} align="flex-start">
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => fill(testCards.accepted)}
          >
            {formatCardNumber(testCards.accepted)} — accepted
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => fill(testCards.declined)}
          >
            {formatCardNumber(testCards.declined)} — declined
          </Anchor>
        </Stack>
        <Text size="xs" c="dimmed" mt={4}>
          Any future expiry and any 3-digit CVC.
        </Text>
      </Paper>
    </Stack>
  );
}

/** `/sandbox-checkout/:txRef`: the sandbox payment provider's page (public). */
export function SandboxCheckoutScreen({
  leave = leaveByPageLoad,
}: {
  /** Where Pay and Cancel go next; a full page load unless a test watches it. */
  leave?: (url: string) => void;
}) {
  useDocumentTitle('Sandbox checkout · Ledgerline');
  const { txRef } = useParams();
  const { data, error, isLoading } = useSandboxCheckout(txRef);

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (error || !data || !txRef) {
    const unknown = error instanceof ApiError && error.status === 404;
    body = (
      <Message
        title={unknown ? 'Checkout not found' : 'Checkout unavailable'}
        text={unknown || !error ? UNKNOWN_CHECKOUT_MESSAGE : FAILED_REQUEST_MESSAGE}
      />
    );
  } else if (data.checkout.status !== 'pending') {
    body = (
      <Message
        title="Checkout complete"
        text={`${COMPLETE_CHECKOUT_MESSAGE} Its payment is ${data.checkout.status}${
          data.checkout.card_last4 ? ` (card ending ${data.checkout.card_last4})` : ''
        }.`}
      />
    );
  } else {
    body = <CheckoutForm txRef={txRef} data={data} leave={leave} />;
  }
  return <Frame>{body}</Frame>;
}
