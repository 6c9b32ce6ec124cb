// The audible alert for a new order: a short Web Audio beep. Browsers only let a page play
// sound after the user interacted with it, so the AudioContext is created (or resumed) on the
// first pointer or key press; before that `beep()` does nothing and the visible alert alone shows.
export interface Beeper {
  /** Arms the beeper; call from a user gesture. */
  unlock(): void;
  beep(): void;
  readonly ready: boolean;
}

type AudioContextCtor = new () => AudioContext;

export function createWebAudioBeeper(
  env: { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor } = globalThis as { AudioContext?: AudioContextCtor },
): Beeper {
  let context: AudioContext | null = null;
  const Ctor: AudioContextCtor | undefined = env.AudioContext ?? env.webkitAudioContext;
  return {
    get ready() {
      return context !== null && context.state === 'running';
    },
    unlock() {
      if (Ctor === undefined) return;
      try {
        if (context === null) context = new Ctor();
        if (context.state === 'suspended') void context.resume();
      } catch {
        context = null;
      }
    },
    beep() {
      if (context === null || context.state !== 'running') return;
      const start = context.currentTime;
      for (const [offset, frequency] of [
        [0, 880],
        [0.25, 1175],
      ] as const) {
        const osc = context.createOscillator();
        const gain = context.createGain();
        osc.type = 'sine';
        osc.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
        osc.connect(gain).connect(context.destination);
        osc.start(start + offset);
        osc.stop(start + offset + 0.22);
      }
    },
  };
}
