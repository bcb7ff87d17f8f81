import { useEffect, useRef } from 'react';

/** The microphone's waveform while recording (an oscilloscope line of the analyser's time-domain data). */
export const Waveform = ({ analyser, label }: { analyser: AnalyserNode | null; label: string }) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    let frame = 0;
    const data = new Uint8Array(analyser?.fftSize ?? 0);
    const draw = () => {
      ctx.clearRect(0, 0, el.width, el.height);
      ctx.beginPath();
      ctx.strokeStyle = '#1976d2';
      ctx.lineWidth = 2;
      if (analyser) analyser.getByteTimeDomainData(data);
      const points = analyser ? data.length : 2;
      for (let i = 0; i < points; i++) {
        const v = analyser ? data[i] / 128 : 1;
        const x = (i / (points - 1)) * el.width;
        const y = (v * el.height) / 2;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
      if (analyser) frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [analyser]);
  return <canvas ref={canvas} width={600} height={80} role="img" aria-label={label} style={{ width: '100%', height: 80 }} />;
};
