import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { recoveryCodesText } from './recovery-codes';
import { groupedSecret, TwoFactorSetupFlow } from './two-factor-setup';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const setup = {
  data: {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    otpauth_uri: 'otpauth://totp/Ledgerline:ada%40books.ng?secret=JBSWY3DPEHPK3PXP',
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
  },
};
const codes = ['aaaaa-11111', 'bbbbb-22222'];

describe('turning two-factor authentication on', () => {
  it('shows the QR code and the key, enables with a code, then shows the recovery codes once', async () => {
    const { requests } = stubApi([
      { method: 'POST', path: '/accounts/2fa/setup/', reply: () => ({ body: setup }) },
      {
        method: 'POST',
        path: '/accounts/2fa/enable/',
        reply: () => ({
          body: {
            data: {
              recovery_codes: codes,
              is_google_authenticator_set: true,
              is_two_fa_enabled: true,
            },
          },
        }),
      },
    ]);
    const onClose = vi.fn();
    renderWithProviders(<TwoFactorSetupFlow onClose={onClose} />);
    expect(await screen.findByTestId('two-factor-qr')).toHaveAttribute('src', setup.data.qr_code);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP');
    await userEvent.type(screen.getByTestId('two-factor-enable-code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findAllByTestId('recovery-code')).toHaveLength(2);
    expect(requests.find((r) => r.path === '/accounts/2fa/enable/')?.body).toEqual({
      code: '123456',
    });
    expect(JSON.parse(window.localStorage.getItem('2FAData') ?? 'null')).toEqual({
      is_google_authenticator_set: true,
      is_two_fa_enabled: true,
    });
    // Done only once the user says the codes are saved.
    expect(screen.getByTestId('recovery-codes-done')).toBeDisabled();
    await userEvent.click(screen.getByTestId('recovery-codes-saved'));
    await userEvent.click(screen.getByTestId('recovery-codes-done'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows a wrong code's refusal on the field and stays on the step", async () => {
    stubApi([
      { method: 'POST', path: '/accounts/2fa/setup/', reply: () => ({ body: setup }) },
      {
        method: 'POST',
        path: '/accounts/2fa/enable/',
        reply: () => ({ status: 400, body: { code: ['The code is not valid.'] } }),
      },
    ]);
    renderWithProviders(<TwoFactorSetupFlow onClose={vi.fn()} />);
    await userEvent.type(await screen.findByTestId('two-factor-enable-code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is not valid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
  });
});

describe('the recovery codes file', () => {
  it('lists every code on its own line', () => {
    const lines = recoveryCodesText(codes).split('\n');
    expect(lines).toContain('aaaaa-11111');
    expect(lines).toContain('bbbbb-22222');
  });

  it('the key is shown in groups of four', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
