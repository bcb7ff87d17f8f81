// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_CHUNK_MS } from '../../../domain/transcription/transcription';
import { useAudioRecorder } from './useAudioRecorder';

/** A MediaRecorder stand-in with the browser's state machine; the test emits chunks through it. */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType: string },
  ) {
    FakeRecorder.last = this;
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.ondataavailable?.({ data: new Blob(['tail']) });
    this.state = 'inactive';
    this.onstop?.();
  }
  emit(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
}

const track = { stop: vi.fn() };
function installBrowser(getUserMedia: () => Promise<unknown>) {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
});

describe('useAudioRecorder', () => {
  it('without MediaRecorder: the unsupported error, and start does nothing', async () => {
    const { result } = renderHook(() => useAudioRecorder(vi.fn(), vi.fn()));
    expect(result.current.error).toEqual({ kind: 'unsupported' });
    await act(() => result.current.start());
    expect(result.current.state).toBe('inactive');
  });

  it('a microphone refusal shows its message', async () => {
    installBrowser(() => Promise.reject(new Error('Permission denied')));
    const { result } = renderHook(() => useAudioRecorder(vi.fn(), vi.fn()));
    await act(() => result.current.start());
    expect(result.current.error).toEqual({ kind: 'microphone', message: 'Permission denied' });
    expect(result.current.state).toBe('inactive');
  });

  it('records webm in 30 s chunks handed over as they come; pause, resume, stop; the whole recording for playback', async () => {
    installBrowser(() => Promise.resolve({ getTracks: () => [track] }));
    const chunks: Blob[] = [];
    const stopped = vi.fn();
    const { result } = renderHook(() => useAudioRecorder((c) => chunks.push(c), stopped));
    await act(() => result.current.start());
    const r = FakeRecorder.last!;
    expect(r.timeslice).toBe(AUDIO_CHUNK_MS);
    expect(r.options).toEqual({ mimeType: 'audio/webm' });
    expect(result.current.state).toBe('recording');
    act(() => r.emit('one'));
    act(() => result.current.pause());
    expect(result.current.state).toBe('paused');
    act(() => result.current.resume());
    expect(result.current.state).toBe('recording');
    act(() => result.current.stop());
    expect(result.current.state).toBe('stopped');
    expect(chunks).toHaveLength(2);
    expect(stopped).toHaveBeenCalledTimes(1);
    expect(await result.current.recording!.text()).toBe('onetail');
    expect(result.current.recording!.type).toBe('audio/webm');
    expect(track.stop).toHaveBeenCalled();
  });
});
