// The audible new-order alert: silent until the first user gesture arms it (browsers refuse
// sound before one), then two short tones per beep.
import { describe, expect, it } from 'vitest';
import { createWebAudioBeeper } from '../../../src/views/admin/data/beep';

class FakeParam {
  setValueAtTime() {
    return this;
  }
  exponentialRampToValueAtTime() {
    return this;
  }
  value = 0;
}
class FakeNode {
  connect<T>(next: T): T {
    return next;
  }
}
class FakeOscillator extends FakeNode {
  type = 'sine';
  frequency = new FakeParam();
  started: number[] = [];
  start(at: number) {
    this.started.push(at);
  }
  stop() {}
}
class FakeGain extends FakeNode {
  gain = new FakeParam();
}

function fakeAudio() {
  const created: FakeAudioContext[] = [];
  class FakeAudioContext {
    state: 'suspended' | 'running' = 'suspended';
    currentTime = 10;
    destination = new FakeNode();
    oscillators: FakeOscillator[] = [];
    constructor() {
      created.push(this);
    }
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
    createOscillator() {
      const o = new FakeOscillator();
      this.oscillators.push(o);
      return o;
    }
    createGain() {
      return new FakeGain();
    }
  }
  return { created, AudioContext: FakeAudioContext as unknown as new () => AudioContext };
}

describe('new-order beep', () => {
  it('does nothing before the first user gesture, then plays two tones per beep', () => {
    const audio = fakeAudio();
    const beeper = createWebAudioBeeper({ AudioContext: audio.AudioContext });
    beeper.beep();
    expect(audio.created).toHaveLength(0);
    expect(beeper.ready).toBe(false);
    beeper.unlock();
    beeper.unlock();
    expect(audio.created).toHaveLength(1);
    expect(beeper.ready).toBe(true);
    beeper.beep();
    expect(audio.created[0]?.oscillators).toHaveLength(2);
  });

  it('without Web Audio it stays silent and never throws', () => {
    const beeper = createWebAudioBeeper({});
    beeper.unlock();
    expect(() => beeper.beep()).not.toThrow();
    expect(beeper.ready).toBe(false);
  });
});
