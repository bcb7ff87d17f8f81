// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPER_ADMIN_TEXT as S } from '../../domain/i18n/en/super-admin';
import { KitTab } from './KitTab';
import { patientDetail } from '../test-utils/patientFixtures';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { OrderNewKitMenu, ReorderButton } from './KitTabActions';

const P = '11111111-1111-4111-8111-111111111111';
const render = (ui: React.ReactNode) => renderInAdmin(ui, { authProvider: fakeAuthProvider({ groups: ['super_admin'] }) });

describe('Kit tab super-admin actions', () => {
  it('Order a new kit: kit order, PrEP order and Upload Labcorp Results, for this patient', async () => {
    render(<OrderNewKitMenu patientId={P} />);
    fireEvent.click(await screen.findByRole('button', { name: S.kitTab.orderNewKit }));
    expect(screen.getByRole('menuitem', { name: S.kitTab.kitOrder })).toHaveAttribute('href', `/super-admin?page=CreateOrder&patientId=${P}`);
    expect(screen.getByRole('menuitem', { name: S.kitTab.prepOrder })).toHaveAttribute('href', `/super-admin?page=CreatePrepOrder&patientId=${P}`);
    expect(screen.getByRole('menuitem', { name: S.kitTab.upload })).toHaveAttribute('href', `/super-admin?page=UploadLabcorpResults&patientId=${P}`);
  });
  it('Reorder opens the PrEP form for a product containing "prep", else the kit form, with the kit name', async () => {
    render(
      <>
        <ReorderButton patientId={P} productName="Free PrEP Program At-home STI Test" />
        <ReorderButton patientId={P} productName="HPV" />
      </>,
    );
    expect(await screen.findByRole('link', { name: `${S.kitTab.reorder} HPV` })).toHaveAttribute(
      'href',
      `/super-admin?page=CreateOrder&patientId=${P}&kitName=HPV`,
    );
    expect(screen.getByRole('link', { name: `${S.kitTab.reorder} Free PrEP Program At-home STI Test` })).toHaveAttribute(
      'href',
      `/super-admin?page=CreatePrepOrder&patientId=${P}&kitName=Free+PrEP+Program+At-home+STI+Test`,
    );
  });
  it("only a super admin gets the dropdown and the kit rows' Reorder on the Kit tab (spec 3 §6)", async () => {
    const kit = {
      id: 'KT1',
      kitId: 'KT1',
      kitStatus: 'REGISTERED',
      clinicianId: null,
      clinician: null,
      registrationDateTime: '2026-01-01T00:00:00Z',
      patientId: P,
      productName: 'HPV',
      hasResult: false,
    };
    const dataProvider = () =>
      fakeDataProvider({
        getList: (async (resource: string) => (resource === 'patient-kits' ? { data: [kit], total: 1 } : { data: [], total: 0 })) as never,
      });
    const view = renderInAdmin(<KitTab patient={patientDetail()} viewId="KT1" />, {
      authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
      dataProvider: dataProvider(),
    });
    await screen.findByText('KT1');
    expect(screen.queryByRole('button', { name: S.kitTab.orderNewKit })).toBeNull();
    expect(screen.queryByRole('link', { name: `${S.kitTab.reorder} HPV` })).toBeNull();
    view.unmount();
    renderInAdmin(<KitTab patient={patientDetail()} viewId="KT1" />, {
      authProvider: fakeAuthProvider({ groups: ['super_admin'] }),
      dataProvider: dataProvider(),
    });
    expect(await screen.findByRole('button', { name: S.kitTab.orderNewKit })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: `${S.kitTab.reorder} HPV` })).toBeInTheDocument();
  });
});
