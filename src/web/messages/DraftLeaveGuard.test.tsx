// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_TEXT, MESSAGE_UI } from '../../domain/i18n/en/message';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { InboxPage } from './InboxPage';
import { message, PATIENT_ID, recipient } from '../test-utils/messageFixtures';
import { ReplyForm } from '../shared/messages/ReplyForm';

vi.mock('../shared/RichNoteInput', async () => ({ default: (await import('../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 30_000 });

const L = MESSAGE_UI.leave;
const dataProvider = () =>
  fakeDataProvider({
    getList: vi.fn(async () => ({ data: [], total: 0 })) as never,
    newMessageCount: vi.fn(async () => ({ count: 0 })),
    messageRecipient: vi.fn(async () => recipient()),
    sendSecureMessage: vi.fn(async () => message('sent-1', { fromActorType: 'C' })),
    replyToMessage: vi.fn(async () => message('reply-1', { fromActorType: 'C' })),
  });
const inboxMenu = async () => within(await screen.findByRole('navigation', { name: MESSAGE_UI.menu.label }));

describe('leaving an unsent message inside the portal asks first', () => {
  it('New Message: another screen with a draft opens the question; Stay keeps the draft, Leave goes', async () => {
    renderInAdmin(<InboxPage />, {
      dataProvider: dataProvider(),
      authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
      initialEntries: ['/inbox?action=compose'],
    });
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    fireEvent.change(subject, { target: { value: 'Your results' } });
    fireEvent.click((await inboxMenu()).getByRole('button', { name: /Inbox/ }));
    const ask = await screen.findByRole('dialog', { name: L.title });
    fireEvent.click(within(ask).getByRole('button', { name: L.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.title })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Your results');
    fireEvent.click((await inboxMenu()).getByRole('button', { name: /Inbox/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: L.title })).getByRole('button', { name: L.leave }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument());
  });

  it('New Message: an empty form, and a message just sent, leave without a question', async () => {
    renderInAdmin(<InboxPage />, {
      dataProvider: dataProvider(),
      authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
      initialEntries: [`/inbox?action=compose&pid=${PATIENT_ID}`],
    });
    expect(await screen.findByText(/Recipient:/)).toBeInTheDocument();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), { target: { value: '<p>Please call us</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const review = await screen.findByRole('dialog', { name: MESSAGE_TEXT.reviewRecipient });
    fireEvent.click(within(review).getByRole('switch', { name: MESSAGE_TEXT.confirmRecipient }));
    fireEvent.click(within(review).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGE_TEXT.messageSent)).toBeInTheDocument();
    // onSent shows the Sent list: no question on the way
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: L.title })).not.toBeInTheDocument();
    fireEvent.click((await inboxMenu()).getByRole('button', { name: /New Message/ }));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toBeInTheDocument();
    fireEvent.click((await inboxMenu()).getByRole('button', { name: /Inbox/ }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: L.title })).not.toBeInTheDocument();
  });

  it('Reply: a link elsewhere with a typed reply opens the question', async () => {
    renderInAdmin(
      <Routes>
        <Route
          path="/inbox/m-1"
          element={
            <>
              <Link to="/SearchPatient">Search</Link>
              <ReplyForm message={message('m-1')} onClose={() => undefined} />
            </>
          }
        />
        <Route path="/SearchPatient" element={<p>Search page</p>} />
      </Routes>,
      { dataProvider: dataProvider(), authProvider: fakeAuthProvider({ groups: ['clinicians'] }), initialEntries: ['/inbox/m-1'] },
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), { target: { value: '<p>Thanks</p>' } });
    fireEvent.click(screen.getByRole('link', { name: 'Search' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: L.title })).getByRole('button', { name: L.leave }));
    expect(await screen.findByText('Search page')).toBeInTheDocument();
  });
});
