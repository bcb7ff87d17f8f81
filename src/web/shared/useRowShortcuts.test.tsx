// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { PALETTE_TEXTS, ROW_SHORTCUT_HELP } from '../../domain/i18n/en/palette';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { useRowShortcuts } from './useRowShortcuts';

vi.setConfig({ testTimeout: 20_000 });

const KITS = ['KT1', 'KT2', 'KT3'];

const Table = ({ onOpen, onApprove, onReject }: { onOpen: (k: string) => void; onApprove: (k: string) => void; onReject: (k: string) => void }) => {
  const ref = useRowShortcuts('request');
  return (
    <div ref={ref}>
      <input aria-label="Search" />
      <table>
        <tbody>
          {KITS.map((kit, i) => (
            <tr key={kit} data-kit={kit} onClick={() => onOpen(kit)}>
              <td>{kit}</td>
              <td>
                <button
                  type="button"
                  onClick={(e) => {
                    e.stopPropagation();
                    onApprove(kit);
                  }}
                >
                  {LAB_TEXT.approve}
                </button>
                <button
                  type="button"
                  disabled={i === 1}
                  onClick={(e) => {
                    e.stopPropagation();
                    onReject(kit);
                  }}
                >
                  {LAB_TEXT.reject}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

function setup() {
  const spies = { onOpen: vi.fn(), onApprove: vi.fn(), onReject: vi.fn() };
  renderInAdmin(<Table {...spies} />);
  return spies;
}
const key = (k: string, target: Element = document.activeElement ?? document.body) => fireEvent.keyDown(target, { key: k });
const focusedKit = () => (document.activeElement as HTMLElement | null)?.dataset.kit;

describe('row shortcuts', () => {
  it('j / k and the arrows move the row focus; Enter opens the focused row', async () => {
    const { onOpen } = setup();
    await screen.findByText('KT1');
    key('j', document.body);
    expect(focusedKit()).toBe('KT1');
    key('j');
    key('ArrowDown');
    expect(focusedKit()).toBe('KT3');
    key('j'); // stays on the last row
    expect(focusedKit()).toBe('KT3');
    key('k');
    key('ArrowUp');
    expect(focusedKit()).toBe('KT1');
    key('Enter');
    expect(onOpen).toHaveBeenCalledWith('KT1');
  });

  it('keeps the row when its focus is lost (a refetch replaced the element): Enter still opens it', async () => {
    const { onOpen } = setup();
    await screen.findByText('KT1');
    key('j', document.body);
    key('j');
    expect(focusedKit()).toBe('KT2');
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    key('Enter', document.body);
    expect(onOpen).toHaveBeenCalledWith('KT2');
    expect(focusedKit()).toBe('KT2');
  });

  it("the table's letters press the focused row's enabled action, never a disabled one", async () => {
    const { onApprove, onReject } = setup();
    await screen.findByText('KT1');
    key('j', document.body);
    key('j');
    key('a');
    expect(onApprove).toHaveBeenCalledWith('KT2');
    key('r'); // Reject is disabled on KT2
    expect(onReject).not.toHaveBeenCalled();
    key('j');
    key('r');
    expect(onReject).toHaveBeenCalledWith('KT3');
  });

  it('is not active while typing in a field', async () => {
    const { onApprove } = setup();
    const search = await screen.findByRole('textbox', { name: 'Search' });
    search.focus();
    key('j', search);
    key('a', search);
    expect(document.activeElement).toBe(search);
    expect(onApprove).not.toHaveBeenCalled();
  });

  it('the shortcuts are listed in the ? help', () => {
    for (const s of ROW_SHORTCUT_HELP) expect(PALETTE_TEXTS.shortcuts).toContainEqual(s);
  });
});
