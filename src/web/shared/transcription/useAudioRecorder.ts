import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_CHUNK_MS, AUDIO_MIME } from '../../../domain/transcription/transcription';

/** The recorder's states (spec 2 §4): inactive -> recording <-> paused -> stopped; a microphone is acquired first. */
export type RecorderState = 'inactive' | 'recording' | 'paused' | 'stopped';

export interface AudioRecorder {
  state: RecorderState;
  /** Why recording cannot happen: no MediaRecorder in this browser, or the microphone's own error message. */
  error: RecorderError | null;
  /** The microphone's analyser while recording, for the waveform. */
  analyser: AnalyserNode | null;
  /** The whole recording once stopped, for playback. */
  recording: Blob | null;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  stop(): void;
  reset(): void;
}

export type RecorderError = { kind: 'unsupported' } | { kind: 'microphone'; message: string };
const UNSUPPORTED: RecorderError = { kind: 'unsupported' };

/** Whether this browser can record webm audio at all. */
export const recorderSupported = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && !!navigator.mediaDevices?.getUserMedia;

/**
 * MediaRecorder on the microphone, webm audio, a chunk every 30 seconds (spec 2 §9) handed to `onChunk` as it
 * comes (the caller uploads); `onStop` runs once the last chunk was handed over.
 */
export function useAudioRecorder(onChunk: (chunk: Blob) => void, onStop: () => void): AudioRecorder {
  const [state, setState] = useState<RecorderState>('inactive');
  const [error, setError] = useState<RecorderError | null>(recorderSupported() ? null : UNSUPPORTED);
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const [recording, setRecording] = useState<Blob | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audioContext = useRef<AudioContext | null>(null);
  const chunks = useRef<Blob[]>([]);
  const callbacks = useRef({ onChunk, onStop });
  callbacks.current = { onChunk, onStop };

  const release = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    void audioContext.current?.close().catch(() => undefined);
    audioContext.current = null;
    setAnalyser(null);
  }, []);
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    if (!recorderSupported()) return setError(UNSUPPORTED);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.current = media;
      const r = new MediaRecorder(media, MediaRecorder.isTypeSupported(AUDIO_MIME) ? { mimeType: AUDIO_MIME } : undefined);
      chunks.current = [];
      r.ondataavailable = (e) => {
        if (e.data.size === 0) return;
        chunks.current.push(e.data);
        callbacks.current.onChunk(e.data);
      };
      r.onstop = () => {
        setRecording(new Blob(chunks.current, { type: AUDIO_MIME }));
        setState('stopped');
        release();
        callbacks.current.onStop();
      };
      recorder.current = r;
      if (typeof AudioContext === 'function') {
        const ctx = new AudioContext();
        const node = ctx.createAnalyser();
        ctx.createMediaStreamSource(media).connect(node);
        audioContext.current = ctx;
        setAnalyser(node);
      }
      r.start(AUDIO_CHUNK_MS);
      setError(null);
      setRecording(null);
      setState('recording');
    } catch (err) {
      release();
      setError({ kind: 'microphone', message: err instanceof Error ? err.message : String(err) });
    }
  }, [release]);

  return {
    state,
    error,
    analyser,
    recording,
    start,
    pause: () => {
      if (recorder.current?.state === 'recording') {
        recorder.current.pause();
        setState('paused');
      }
    },
    resume: () => {
      if (recorder.current?.state === 'paused') {
        recorder.current.resume();
        setState('recording');
      }
    },
    stop: () => {
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    },
    reset: () => {
      setRecording(null);
      setState('inactive');
      chunks.current = [];
    },
  };
}
