import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { ProfileForm } from './profile-form';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const user: CurrentUser = {
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada@example.com',
  phone_number: '+2348012345678',
  address: '12 Marina Road',
  location: 'Lagos, Nigeria',
  persona: 1,
  date_joined: '2024-01-15T09:00:00Z',
  image_id: null,
  image: null,
  memberships: [],
};

const patchMe = (status = 200): ApiRoute => ({
  method: 'PATCH',
  path: '/accounts/me/',
  reply: (r) => ({
    status,
    body: status === 200 ? { data: { ...user, ...(r.body as object) } } : { detail: 'No' },
  }),
});

function renderForm(
  overrides: Partial<CurrentUser> = {},
  props: { onSaved?: () => void; onCancel?: () => void } = {},
) {
  return renderWithProviders(<ProfileForm user={{ ...user, ...overrides }} {...props} />);
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the profile form (spec §2, §5)', () => {
  it('shows no error for a field that was not touched', () => {
    stubApi([]);
    renderForm({ first_name: '', address: '' });
    expect(screen.queryByText('First Name is required')).toBeNull();
    expect(screen.queryByText('Address is required')).toBeNull();
  });

  it('shows the error of a touched field once it is left empty', async () => {
    stubApi([]);
    renderForm({ first_name: '' });
    await userEvent.click(screen.getByLabelText(/First name/));
    await userEvent.tab();
    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(screen.queryByText('Last Name is required')).toBeNull();
  });

  it('shows the phone format error for a touched phone number that is too short', async () => {
    stubApi([]);
    renderForm({ phone_number: '' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone number' }), '123');
    await userEvent.tab();
    expect(
      await screen.findByText(
        'Phone number must start with a country code and be 8 to 18 digits long',
      ),
    ).toBeInTheDocument();
  });

  it('the country prefix picker defaults to NG +234 and offers US +1, CA +1, GB +44, NG +234', async () => {
    stubApi([]);
    renderForm({ phone_number: '' });
    const picker = screen.getByRole('textbox', { name: 'Country code' });
    expect(picker).toHaveValue('NG +234');
    await userEvent.click(picker);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['US +1', 'CA +1', 'GB +44', 'NG +234']);
  });

  it('Save Changes PATCHes /accounts/me/ with the profile and the chosen prefix, then closes', async () => {
    const { requests } = stubApi([patchMe()]);
    const onSaved = vi.fn();
    renderForm({ phone_number: '' }, { onSaved });
    await userEvent.click(screen.getByRole('textbox', { name: 'Country code' }));
    await userEvent.click(await screen.findByRole('option', { name: 'GB +44' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone number' }), '7700900123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Okafor',
      address: '12 Marina Road',
      location: 'Lagos, Nigeria',
      persona: 1,
      phone_number: '+447700900123',
    });
    expect(notify.success).toHaveBeenCalledWith('Profile updated');
  });

  it('a save with empty required fields shows their errors and sends nothing', async () => {
    const { requests } = stubApi([patchMe()]);
    renderForm({ last_name: '', location: '', persona: null });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Last Name is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(screen.getByText('Persona is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('Save Changes is disabled with a spinner while the request is pending', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    stubApi([
      {
        method: 'PATCH',
        path: '/accounts/me/',
        reply: () => new Promise((resolve) => (answer = resolve)),
      },
    ]);
    renderForm();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await userEvent.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAttribute('data-loading', 'true');
    answer({ body: { data: user } });
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('a failed save keeps the form open', async () => {
    stubApi([patchMe(400)]);
    const onSaved = vi.fn();
    renderForm({}, { onSaved });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('No'));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Cancel closes without saving', async () => {
    const { requests } = stubApi([]);
    const onCancel = vi.fn();
    renderForm({}, { onCancel });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(0);
  });

  it("the avatar picker with no file selected says 'Please select only one image'", () => {
    stubApi([]);
    renderForm();
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [] } });
    expect(notify.error).toHaveBeenCalledWith('Please select only one image');
  });

  it('an avatar is uploaded as multipart content and workspace_id, then saved as image_id', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/files/images/',
        reply: () => ({
          status: 201,
          body: { data: { id: 'img-7', absolute_url: 'https://cdn.example/img-7.png' } },
        }),
      },
      patchMe(),
    ]);
    renderForm();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('avatar-input'), file);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Ada Okafor' })).toHaveAttribute(
        'src',
        'https://cdn.example/img-7.png',
      ),
    );
    const upload = requests.find((r) => r.path === '/files/images/');
    expect(upload?.body).toBeInstanceOf(FormData);
    const form = upload?.body as FormData;
    expect((form.get('content') as File).name).toBe('me.png');
    expect(form.get('workspace_id')).toBe('ws-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ image_id: 'img-7' }),
    );
  });

  it("a failed upload shows 'File upload failed'", async () => {
    stubApi([
      {
        method: 'POST',
        path: '/files/images/',
        reply: () => ({ status: 413, body: { detail: 'Too big' } }),
      },
    ]);
    renderForm();
    await userEvent.upload(
      screen.getByTestId('avatar-input'),
      new File(['x'], 'x.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('File upload failed'));
  });
});
