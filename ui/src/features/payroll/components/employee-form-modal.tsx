import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';

import { DateField } from '@/components/ui/date-field';
import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';

import {
  ALLOWANCES_MAX,
  DEDUCTIONS_MAX,
  hireEmployee,
  updateEmployee,
  type Employee,
} from '../api/employees';
import {
  EMPTY_EMPLOYEE,
  employeeFormSchema,
  formPathOf,
  inputOf,
  valuesOf,
  type EmployeeFormValues,
} from './employee-form-values';

type EmployeeFormModalProps = {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  /** The employee to edit; null hires a new one. */
  employee: Employee | null;
};

const TOP_FIELDS = new Set(Object.keys(EMPTY_EMPLOYEE));

function isFormPath(path: string): path is FieldPath<EmployeeFormValues> {
  const top = path.split('.')[0] ?? '';
  return TOP_FIELDS.has(top);
}

function Section({ title }: { title: string }) {
  return (
    <Divider
      label={
        <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
          {title}
        </Text>
      }
      labelPosition="left"
      mt="xs"
    />
  );
}

/** Hire or edit an employee; each of the server's field errors shows on its field. */
export function EmployeeFormModal({
  opened,
  onClose,
  workspaceId,
  employee,
}: EmployeeFormModalProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmployeeFormValues>({
    resolver: zodResolver(employeeFormSchema),
    defaultValues: EMPTY_EMPLOYEE,
  });
  const allowances = useFieldArray({ control, name: 'other_allowances' });
  const deductions = useFieldArray({ control, name: 'other_deductions' });

  useEffect(() => {
    if (opened) reset(employee ? valuesOf(employee) : EMPTY_EMPLOYEE);
  }, [opened, employee, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const name = `${values.first_name.trim()} ${values.last_name.trim()}`;
    try {
      if (employee) {
        await updateEmployee(workspaceId, employee.id, inputOf(values));
        notify.success(`${name} saved`);
      } else {
        await hireEmployee(workspaceId, inputOf(values));
        notify.success(`${name} is on the payroll`);
      }
      onClose();
    } catch (error) {
      const found = formErrorsOf(error);
      const general = [...(found?.general ?? [])];
      for (const [serverPath, message] of Object.entries(found?.fields ?? {})) {
        const path = formPathOf(serverPath);
        if (isFormPath(path)) setError(path, { message });
        else general.push(message);
      }
      if (general.length > 0) setError('root', { message: general.join(' ') });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={employee ? `Edit ${employee.first_name} ${employee.last_name}` : 'Add employee'}
      size="xl"
      centered
    >
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={employee ? 'Edit employee' : 'Add employee'}
      >
        <Stack gap="sm">
          {errors.root?.message && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {errors.root.message}
            </Alert>
          )}
          <Section title="Employee" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="First name"
              required
              data-autofocus
              error={errors.first_name?.message}
              {...register('first_name')}
            />
            <TextInput
              label="Last name"
              required
              error={errors.last_name?.message}
              {...register('last_name')}
            />
            <TextInput
              label="Staff ID"
              error={errors.staff_id?.message}
              {...register('staff_id')}
            />
            <TextInput
              label="Email"
              type="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextInput label="Phone" error={errors.phone?.message} {...register('phone')} />
            <TextInput
              label="State of residence"
              error={errors.state_of_residence?.message}
              {...register('state_of_residence')}
            />
            <TextInput
              label="Job title"
              error={errors.job_title?.message}
              {...register('job_title')}
            />
            <TextInput
              label="Department"
              error={errors.department?.message}
              {...register('department')}
            />
            <Controller
              control={control}
              name="start_date"
              render={({ field }) => (
                <DateField
                  label="Start date"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.start_date?.message}
                />
              )}
            />
          </SimpleGrid>

          <Section title="Annual pay" />
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
            <TextInput
              label="Basic"
              required
              inputMode="decimal"
              error={errors.basic?.message}
              {...register('basic')}
            />
            <TextInput
              label="Housing"
              inputMode="decimal"
              error={errors.housing?.message}
              {...register('housing')}
            />
            <TextInput
              label="Transport"
              inputMode="decimal"
              error={errors.transport?.message}
              {...register('transport')}
            />
            <TextInput
              label="Annual rent"
              description="For rent relief from 2026"
              inputMode="decimal"
              error={errors.annual_rent?.message}
              {...register('annual_rent')}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="nhf"
            render={({ field }) => (
              <Switch
                label="Contributes to the National Housing Fund (2.5% of basic)"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />

          <Section title="Other allowances (annual)" />
          {allowances.fields.map((row, index) => (
            <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                aria-label={`Allowance ${index + 1} name`}
                placeholder="Name, e.g. Utility"
                style={{ flex: 2 }}
                error={errors.other_allowances?.[index]?.name?.message}
                {...register(`other_allowances.${index}.name`)}
              />
              <TextInput
                aria-label={`Allowance ${index + 1} amount`}
                placeholder="Annual amount"
                inputMode="decimal"
                style={{ flex: 1 }}
                error={errors.other_allowances?.[index]?.amount?.message}
                {...register(`other_allowances.${index}.amount`)}
              />
              <Checkbox mt={8} label="Taxable" {...register(`other_allowances.${index}.taxable`)} />
              <Checkbox
                mt={8}
                label="Pensionable"
                {...register(`other_allowances.${index}.pensionable`)}
              />
              <ActionIcon
                mt={4}
                variant="subtle"
                color="gray"
                aria-label={`Remove allowance ${index + 1}`}
                onClick={() => allowances.remove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={allowances.fields.length >= ALLOWANCES_MAX}
              onClick={() =>
                allowances.append({ name: '', amount: '', taxable: true, pensionable: false })
              }
            >
              Add allowance
            </Button>
          </Group>

          <Section title="Other deductions (monthly)" />
          {deductions.fields.map((row, index) => (
            <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                aria-label={`Deduction ${index + 1} name`}
                placeholder="Name, e.g. Staff loan"
                style={{ flex: 2 }}
                error={errors.other_deductions?.[index]?.name?.message}
                {...register(`other_deductions.${index}.name`)}
              />
              <TextInput
                aria-label={`Deduction ${index + 1} amount`}
                placeholder="Monthly amount"
                inputMode="decimal"
                style={{ flex: 1 }}
                error={errors.other_deductions?.[index]?.amount?.message}
                {...register(`other_deductions.${index}.amount`)}
              />
              <ActionIcon
                mt={4}
                variant="subtle"
                color="gray"
                aria-label={`Remove deduction ${index + 1}`}
                onClick={() => deductions.remove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={deductions.fields.length >= DEDUCTIONS_MAX}
              onClick={() => deductions.append({ name: '', amount: '' })}
            >
              Add deduction
            </Button>
          </Group>

          <Section title="Bank and statutory" />
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
            <TextInput label="Bank" error={errors.bank_name?.message} {...register('bank_name')} />
            <TextInput
              label="Account number"
              error={errors.account_number?.message}
              {...register('account_number')}
            />
            <TextInput
              label="Pension PIN"
              error={errors.pension_pin?.message}
              {...register('pension_pin')}
            />
            <TextInput label="Tax ID" error={errors.tax_id?.message} {...register('tax_id')} />
          </SimpleGrid>

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {employee ? 'Save employee' : 'Add employee'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
