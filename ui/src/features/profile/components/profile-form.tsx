import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Group,
  Loader,
  Select,
  Grid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';

import { fullName, type CurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import { PERSONA_OPTIONS, profileFormSchema, type ProfileFormValues } from '../api/profile-schema';
import { updateProfile } from '../api/update-profile';
import { FILE_UPLOAD_FAILED, SELECT_ONE_IMAGE, uploadImage } from '@/lib/upload-image';
import { PhoneField } from './phone-field';

const PERSONA_SELECT = PERSONA_OPTIONS.map((p) => ({ value: String(p.value), label: p.label }));

function toFormValues(user: CurrentUser): ProfileFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    address: user.address,
    location: user.location,
    persona: user.persona ?? null,
    phone_number: user.phone_number,
    image_id: user.image_id ?? null,
  };
}

type ProfileFormProps = {
  user: CurrentUser;
  /** Called after a successful save (the overlay closes). */
  onSaved?: () => void;
  /** Cancel: the overlay closes; inline, the form goes back to the saved values. */
  onCancel?: () => void;
};

/**
 * Spec §2 profile form with spec §5's rules: first and last name, phone number with a
 * country prefix, address, location, persona, avatar upload (plus button); Cancel and
 * Save Changes. Errors show only for touched fields (and for every field once a save
 * was tried, as a save touches them all).
 */
export function ProfileForm({ user, onSaved, onCancel }: ProfileFormProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [avatarUrl, setAvatarUrl] = useState<string | null>(user.image?.absolute_url ?? null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toFormValues(user),
    mode: 'onTouched',
  });

  const shownError = (name: FieldPath<ProfileFormValues>): string | undefined => {
    const touched = (touchedFields as Partial<Record<string, boolean>>)[name] === true;
    return touched || isSubmitted ? errors[name]?.message : undefined;
  };

  const pickAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.currentTarget.files;
    const file = files && files.length === 1 ? files[0] : undefined;
    event.currentTarget.value = '';
    if (!file) {
      notify.error(SELECT_ONE_IMAGE);
      return;
    }
    setUploading(true);
    try {
      const image = await uploadImage(file, storage.getWorkspaceId());
      setValue('image_id', image.id, { shouldDirty: true });
      setAvatarUrl(image.absolute_url);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : FILE_UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateProfile({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        address: values.address.trim(),
        location: values.location.trim(),
        persona: values.persona ?? 0,
        phone_number: values.phone_number,
        ...(values.image_id ? { image_id: values.image_id } : {}),
      });
      notify.success('Profile updated');
      onSaved?.();
    } catch {
      // The API client has shown what went wrong; the form stays open.
    }
  });

  const cancel = () => {
    reset(toFormValues(user));
    setAvatarUrl(user.image?.absolute_url ?? null);
    onCancel?.();
  };

  const displayName = fullName(user) || user.email;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Profile">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <Box pos="relative">
            <Avatar
              src={avatarUrl}
              size={72}
              radius="xl"
              alt={displayName}
              data-testid="profile-avatar"
            />
            {uploading && (
              <Box
                pos="absolute"
                inset={0}
                style={{
                  display: 'grid',
                  placeItems: 'center',
                  borderRadius: '50%',
                  background: 'rgba(255,255,255,0.7)',
                }}
              >
                <Loader size="sm" aria-label="Uploading image" />
              </Box>
            )}
            <Tooltip label="Upload a photo">
              <ActionIcon
                pos="absolute"
                bottom={-2}
                right={-2}
                radius="xl"
                size={26}
                variant="filled"
                aria-label="Upload avatar"
                onClick={() => fileInput.current?.click()}
                disabled={uploading}
                style={{ border: '2px solid #fff' }}
              >
                <IconPlus size={14} />
              </ActionIcon>
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              data-testid="avatar-input"
              onChange={(event) => void pickAvatar(event)}
            />
          </Box>
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {displayName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </Box>
        </Group>

        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="given-name"
              error={shownError('first_name')}
              {...register('first_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Last name"
              withAsterisk
              autoComplete="family-name"
              error={shownError('last_name')}
              {...register('last_name')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Controller
              control={control}
              name="phone_number"
              render={({ field }) => (
                <PhoneField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={shownError('phone_number')}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Address"
              withAsterisk
              autoComplete="street-address"
              error={shownError('address')}
              {...register('address')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Location"
              withAsterisk
              placeholder="City, country"
              error={shownError('location')}
              {...register('location')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={control}
              name="persona"
              render={({ field }) => (
                <Select
                  label="Persona"
                  withAsterisk
                  placeholder="Choose one"
                  data={PERSONA_SELECT}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value === null ? null : Number(value))}
                  onBlur={field.onBlur}
                  error={shownError('persona')}
                  comboboxProps={{ withinPortal: false }}
                />
              )}
            />
          </Grid.Col>
        </Grid>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting || uploading}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
