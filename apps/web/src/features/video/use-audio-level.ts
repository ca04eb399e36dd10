import { useEffect, useState } from 'react';

/** The microphone's loudness, 0 to 1, about ten times a second: the device check's meter. */
export function useAudioLevel(stream: MediaStream | null) {
  const [level, setLevel] = useState(0);
  const track = stream?.getAudioTracks()[0] ?? null;
  useEffect(() => {
    if (!stream || !track) return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let shown = 0;
    const measure = (time: number) => {
      analyser.getFloatTimeDomainData(samples);
      const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);
      if (time - shown >= 100) {
        // Speech sits around 0.05–0.2 RMS: scaled so that a normal voice fills most of the meter.
        setLevel(Math.min(1, rms * 5));
        shown = time;
      }
      frame = requestAnimationFrame(measure);
    };
    frame = requestAnimationFrame(measure);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream, track]);
  return level;
}
