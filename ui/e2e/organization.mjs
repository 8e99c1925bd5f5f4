/**
 * Browser tests of Settings → Organization and workspace transfers against the real
 * server: an Admin saves the organization's profile and sees it again after a reload,
 * with its members, invitations and set-up progress; an Admin asks to move a workspace
 * to another organization from its profile, the target's Admin approves it in Settings →
 * Organization, and the workspace appears in the target's workspaces.
 * `run.mjs` calls `registerOrganizationTests`.
 */
export function registerOrganizationTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, createUser } = h;
  const { inviteByEmail, uniqueEmail, shot, waitForValue, WAIT_MS } = h;

  test('an Admin saves the organization profile and sees it with members, invitations and set-up progress', async ({
    page,
    context,
  }) => {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const colleague = await createUser({ first_name: 'Bola', organization_name: 'Bola Ltd' });
    await api('POST', `/accounts/organizations/${user.organization_id}/memberships/`, {
      token: user.access,
      body: { email: colleague.email, role: 0, workspaces: [workspaces[0].id] },
      expect: 201,
    });
    const invitee = uniqueEmail('invitee');
    await inviteByEmail(user, workspaces, invitee, 1);
    await withSession(context, user, { preferredService: 'accounting' });

    await page.goto(`${baseUrl}/settings/organization`);
    const form = page.getByRole('form', { name: 'Organization profile' });
    const name = form.getByLabel('Organization name');
    await waitForValue(name, 'Acme Holdings');
    await name.fill('Acme Group Nigeria');
    await form.getByLabel('Location').fill('Lagos, Nigeria');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('The organization was saved.').waitFor({ timeout: WAIT_MS });
    const { data: saved } = await api('GET', `/accounts/organizations/${user.organization_id}/`, {
      token: user.access,
    });
    check(saved.name === 'Acme Group Nigeria', `the server has the name ${saved.name}`);
    check(saved.location === 'Lagos, Nigeria', `the server has the location ${saved.location}`);

    await page.reload();
    await waitForValue(page.getByLabel('Organization name'), 'Acme Group Nigeria');
    await waitForValue(page.getByLabel('Location'), 'Lagos, Nigeria');
    await page
      .getByTestId('organization-id')
      .getByText(user.organization_id)
      .waitFor({ timeout: WAIT_MS });
    const members = page.getByRole('table', { name: 'Organization members' });
    await members.getByText(colleague.email).waitFor({ timeout: WAIT_MS });
    await members.getByText('Acme Nigeria Ltd').first().waitFor({ timeout: WAIT_MS });
    const invitations = page.getByRole('table', { name: 'Invitations sent' });
    await invitations.getByText(invitee).waitFor({ timeout: WAIT_MS });
    await page
      .getByTestId('organization-setup-progress')
      .getByText('Create a workspace')
      .waitFor({ timeout: WAIT_MS });
    await shot(page, 'settings-organization', { settleMs: 300 });

    // A colleague's role changes for every workspace the membership covers.
    await members.getByRole('textbox', { name: 'Role of Bola Okafor' }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await page.getByText('Bola is now Editor.').waitFor({ timeout: WAIT_MS });
  });

  test("a workspace transfer is requested from the workspace profile, approved by the target's Admin and the workspace appears there", async ({
    page,
    context,
  }) => {
    const { user: ada, workspaces } = await userWithWorkspaces([
      'Acme Nigeria Ltd',
      'Lagos Office',
    ]);
    const lagos = workspaces[1];
    const { user: bola } = await userWithWorkspaces(['Bola Books'], {
      first_name: 'Bola',
      organization_name: 'Bola Holdings',
    });

    await withSession(context, ada, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}/settings/workspaces?wsId=${lagos.id}`);
    await waitForValue(page.getByLabel('Workspace name'), 'Lagos Office');
    await page.getByRole('button', { name: 'Transfer workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer workspace' });
    // Named as one would know it: the e-mail of the other organization's Admin.
    await dialog.getByLabel('Target organization').fill(bola.email);
    await shot(page, 'transfer-request', { settleMs: 300 });
    await dialog.getByRole('button', { name: 'Request transfer' }).click();
    await page
      .getByText(/The transfer of Lagos Office was requested/)
      .waitFor({ timeout: WAIT_MS });
    // The profile says the workspace is on its way until the target answers.
    await page.getByTestId('pending-transfer').waitFor({ timeout: WAIT_MS });
    await page.goto(`${baseUrl}/settings/organization`);
    const outgoing = page.getByRole('table', { name: 'Workspace transfers' });
    await outgoing.getByText('Lagos Office').waitFor({ timeout: WAIT_MS });
    await outgoing.getByText('Pending').waitFor({ timeout: WAIT_MS });
    await outgoing.getByText('To Bola Holdings').waitFor({ timeout: WAIT_MS });

    // The target's Admin, in another browser session.
    const other = await context.browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await withSession(other, bola, { preferredService: 'accounting' });
      const target = await other.newPage();
      await target.goto(`${baseUrl}/settings/organization`);
      const incoming = target.getByRole('table', { name: 'Workspace transfers' });
      await incoming.getByText('Lagos Office').waitFor({ timeout: WAIT_MS });
      await shot(target, 'transfer-incoming', { settleMs: 300 });
      await incoming.getByRole('button', { name: 'Approve the transfer of Lagos Office' }).click();
      await target
        .getByText('Lagos Office was moved into this organization.')
        .waitFor({ timeout: WAIT_MS });
      await incoming.getByText('Approved').waitFor({ timeout: WAIT_MS });
      // The workspace is the target's now: in the rail and openable.
      await target
        .getByTestId('workspace-rail')
        .getByRole('button', { name: 'Workspace Lagos Office' })
        .waitFor({ timeout: WAIT_MS });
      const { data: theirs } = await api('GET', '/accounts/me/workspaces/', { token: bola.access });
      check(
        theirs.some((w) => w.id === lagos.id),
        'the workspace is not in the target',
      );
      await target.goto(`${baseUrl}/settings/workspaces?wsId=${lagos.id}`);
      await waitForValue(target.getByLabel('Workspace name'), 'Lagos Office');
      await shot(target, 'transfer-arrived', { settleMs: 300 });
    } finally {
      await other.close();
    }
    const { data: mine } = await api('GET', '/accounts/me/workspaces/', { token: ada.access });
    check(!mine.some((w) => w.id === lagos.id), 'the source still has the workspace');
  });

  test('the workspace profile renames a workspace and deletes another after its name is typed', async ({
    page,
    context,
  }) => {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd', 'Old Branch']);
    await withSession(context, user, { preferredService: 'accounting' });

    await page.goto(`${baseUrl}/settings/workspaces?wsId=${workspaces[0].id}`);
    const rename = page.getByRole('form', { name: 'Rename workspace' });
    const name = rename.getByLabel('Workspace name');
    await waitForValue(name, 'Acme Nigeria Ltd');
    await name.fill('Acme Nigeria Plc');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page
      .getByText('The workspace is now called Acme Nigeria Plc.')
      .waitFor({ timeout: WAIT_MS });
    await page
      .getByTestId('workspace-rail')
      .getByRole('button', { name: 'Workspace Acme Nigeria Plc' })
      .waitFor({ timeout: WAIT_MS });

    await page.goto(`${baseUrl}/settings/workspaces?wsId=${workspaces[1].id}`);
    await waitForValue(page.getByLabel('Workspace name'), 'Old Branch');
    await page.getByRole('button', { name: 'Delete workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete workspace' });
    await dialog.getByLabel('Workspace name').fill('Old Branch');
    await shot(page, 'workspace-delete', { settleMs: 300 });
    await dialog.getByRole('button', { name: 'Delete workspace' }).click();
    await page.getByText('Old Branch was deleted.').waitFor({ timeout: WAIT_MS });
    const { data: left } = await api('GET', '/accounts/me/workspaces/', { token: user.access });
    check(
      left.length === 1 && left[0].name === 'Acme Nigeria Plc',
      `the workspaces left: ${left.map((w) => w.name).join(', ')}`,
    );
    // The one left is the last: it cannot be deleted.
    await page.goto(`${baseUrl}/settings/workspaces?wsId=${workspaces[0].id}`);
    await waitForValue(page.getByLabel('Workspace name'), 'Acme Nigeria Plc');
    check(
      await page.getByRole('button', { name: 'Delete workspace' }).isDisabled(),
      'the last workspace can be deleted',
    );
  });
}
