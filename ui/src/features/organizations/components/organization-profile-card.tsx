import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';

import {
  organizationFormSchema,
  updateOrganization,
  type OrganizationFormValues,
  type OrganizationProfile,
} from '../api/organization-profile';

function toValues(profile: OrganizationProfile): OrganizationFormValues {
  return { name: profile.name, email: profile.email, location: profile.location ?? '' };
}

type Props = {
  profile: OrganizationProfile;
  /** Admins edit; others read the same fields. */
  canEdit: boolean;
};

/**
 * The organization's profile: name, contact e-mail and location, with its slug and ID
 * to give another organization's Admin (a workspace transfer names its target by them).
 */
export function OrganizationProfileCard({ profile, canEdit }: Props) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<OrganizationFormValues>({
    resolver: zodResolver(organizationFormSchema),
    defaultValues: toValues(profile),
    mode: 'onTouched',
  });

  useEffect(() => reset(toValues(profile)), [profile, reset]);

  const save = handleSubmit(async (values) => {
    try {
      const saved = await updateOrganization(profile.id, values);
      reset(toValues(saved));
      notify.success('The organization was saved.');
    } catch (error) {
      const form = formErrorsOf(error);
      for (const [field, message] of Object.entries(form?.fields ?? {})) {
        if (field === 'name' || field === 'email' || field === 'location') {
          setError(field, { message });
        }
      }
    }
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <form aria-label="Organization profile" onSubmit={(event) => void save(event)}>
        <Stack gap="md">
          <div>
            <Text fw={600}>Organization profile</Text>
            <Text size="sm" c="dimmed">
              How your organization appears to members and to the organizations you exchange
              workspaces with.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Organization name"
              {...register('name')}
              error={errors.name?.message}
              readOnly={!canEdit}
              required
            />
            <TextInput
              label="Contact e-mail"
              {...register('email')}
              error={errors.email?.message}
              readOnly={!canEdit}
              required
            />
            <TextInput
              label="Location"
              placeholder="City, country"
              {...register('location')}
              error={errors.location?.message}
              readOnly={!canEdit}
            />
            <TextInput label="Slug" value={profile.slug} readOnly variant="filled" />
          </SimpleGrid>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Organization ID
            </Text>
            <Text size="sm" ff="monospace" data-testid="organization-id">
              {profile.id}
            </Text>
            <CopyButton value={profile.id}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the organization ID'}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label="Copy the organization ID">
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          {canEdit && (
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!isDirty || isSubmitting}
                onClick={() => reset(toValues(profile))}
              >
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
                Save Changes
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
