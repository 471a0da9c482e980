//! Sound effects synthesised in code (short decaying tones) and played
//! through an SDL2 audio queue. Without an audio device the GUI stays
//! silent and says so once.

use sdl2::audio::{AudioQueue, AudioSpecDesired};
use sdl2::AudioSubsystem;

const RATE: i32 = 44_100;

/// Which effect to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A quiet move.
    Move,
    /// A capture.
    Capture,
    /// A check (or the game's equivalent).
    Check,
    /// The end of the game.
    End,
}

/// Tones as (frequency in Hz, milliseconds, loudness 0..1).
fn notes(effect: Effect) -> &'static [(f32, u32, f32)] {
    match effect {
        Effect::Move => &[(520.0, 55, 0.35)],
        Effect::Capture => &[(330.0, 45, 0.45), (220.0, 70, 0.45)],
        Effect::Check => &[(880.0, 70, 0.35), (1175.0, 110, 0.35)],
        Effect::End => &[(523.0, 110, 0.3), (659.0, 110, 0.3), (784.0, 110, 0.3), (1047.0, 260, 0.3)],
    }
}

/// The samples of an effect: sines with a fast attack and an exponential decay.
pub fn samples(effect: Effect) -> Vec<f32> {
    let mut out = Vec::new();
    for &(freq, ms, loud) in notes(effect) {
        let n = (RATE as u32 * ms / 1000) as usize;
        for i in 0..n {
            let t = i as f32 / RATE as f32;
            let attack = (i as f32 / 200.0).min(1.0);
            let decay = (-5.0 * i as f32 / n as f32).exp();
            // A touch of the octave makes the tone less bare.
            let wave = (t * freq * std::f32::consts::TAU).sin() + 0.25 * (t * freq * 2.0 * std::f32::consts::TAU).sin();
            out.push(wave * loud * attack * decay * 0.8);
        }
    }
    out
}

/// Whether effects play, as the Sound button shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SoundState {
    /// Effects play.
    On,
    /// The player turned them off.
    Off,
    /// There is no audio device.
    Unavailable,
}

/// The audio output, if there is one.
pub struct Sound {
    queue: Option<AudioQueue<f32>>,
    /// Whether effects play.
    pub enabled: bool,
}

impl Sound {
    /// Opens the default audio device; `problem` explains a failure.
    pub fn open(audio: Option<&AudioSubsystem>, enabled: bool) -> (Sound, Option<String>) {
        let Some(audio) = audio else {
            return (Sound { queue: None, enabled }, Some("no audio device: sound is off".into()));
        };
        let desired = AudioSpecDesired { freq: Some(RATE), channels: Some(1), samples: Some(1024) };
        match audio.open_queue::<f32, _>(None, &desired) {
            Ok(queue) => {
                queue.resume();
                (Sound { queue: Some(queue), enabled }, None)
            }
            Err(e) => (Sound { queue: None, enabled }, Some(format!("no audio device ({e}): sound is off"))),
        }
    }

    /// On, off, or no device.
    pub fn state(&self) -> SoundState {
        match (&self.queue, self.enabled) {
            (None, _) => SoundState::Unavailable,
            (Some(_), true) => SoundState::On,
            (Some(_), false) => SoundState::Off,
        }
    }

    /// Plays an effect if sound is on, replacing one still playing.
    pub fn play(&self, effect: Effect) {
        if let (true, Some(queue)) = (self.enabled, &self.queue) {
            queue.clear();
            // A failed queue write only loses one effect.
            let _ = queue.queue_audio(&samples(effect));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_are_short_audible_and_never_clip() {
        for e in [Effect::Move, Effect::Capture, Effect::Check, Effect::End] {
            let s = samples(e);
            assert!(s.len() > 1000 && s.len() < RATE as usize, "{e:?}: {}", s.len());
            let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!(peak > 0.1 && peak <= 1.0, "{e:?} peak {peak}");
        }
    }
}
