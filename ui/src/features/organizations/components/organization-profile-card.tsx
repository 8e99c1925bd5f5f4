import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Autocomplete,
  Avatar,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { ImagePicker } from '@/components/ui/image-picker';
import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';
import { uploadImage } from '@/lib/upload-image';

import {
  INDUSTRY_SUGGESTIONS,
  organizationFormSchema,
  setOrganizationLogo,
  updateOrganization,
  type OrganizationFormValues,
  type OrganizationProfile,
} from '../api/organization-profile';

const FORM_FIELDS = ['name', 'email', 'location', 'address', 'industry'] as const;

function toValues(profile: OrganizationProfile): OrganizationFormValues {
  return {
    name: profile.name,
    email: profile.email,
    location: profile.location ?? '',
    address: profile.address ?? '',
    industry: profile.industry ?? '',
  };
}

type Props = {
  profile: OrganizationProfile;
  /** Admins edit; others read the same fields. */
  canEdit: boolean;
};

/**
 * The logo: uploaded into the active workspace (one of the organization's), then shown
 * as the organization's logo on the server.
 */
function LogoControl({ profile, canEdit }: Props) {
  const url = profile.logo?.absolute_url ?? null;
  return (
    <Group gap="md">
      <Avatar size={56} radius="md" color="indigo" src={url} alt={`${profile.name} logo`}>
        {profile.name.charAt(0).toUpperCase()}
      </Avatar>
      {canEdit && (
        <ImagePicker
          noun="logo"
          hasImage={url !== null}
          onPick={async (file) => {
            const image = await uploadImage(file, storage.getWorkspaceId());
            await setOrganizationLogo(profile.id, image.id);
          }}
          onRemove={async () => {
            await setOrganizationLogo(profile.id, null);
          }}
        />
      )}
    </Group>
  );
}

/**
 * The organization's profile: logo, name, contact e-mail, location, address and industry,
 * with its slug and ID
 * to give another organization's Admin (a workspace transfer names its target by them).
 */
export function OrganizationProfileCard({ profile, canEdit }: Props) {
  const {
    register,
    handleSubmit,
    reset,
    control,
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
        const known = FORM_FIELDS.find((name) => name === field);
        if (known) setError(known, { message });
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
          <LogoControl profile={profile} canEdit={canEdit} />
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
            <Controller
              control={control}
              name="industry"
              render={({ field }) => (
                <Autocomplete
                  label="Industry"
                  placeholder="What the organization does"
                  data={INDUSTRY_SUGGESTIONS}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.industry?.message}
                  readOnly={!canEdit}
                />
              )}
            />
            <Textarea
              label="Address"
              placeholder="Registered office address"
              autosize
              minRows={2}
              {...register('address')}
              error={errors.address?.message}
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
