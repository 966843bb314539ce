//! Sound: footsteps as a unit walks, each weapon class's report when its shot leaves, a thud on a hit and a ricochet
//! on a miss when the round lands, a body falling when a unit is knocked down or out, a chime when a player's unit
//! waits for orders, and a call at the hot-seat hand-over. The sounds are ours (`scripts/make-sounds`, CC0) and built
//! into the game; volume and mute are in the settings. With no audio device bevy_audio plays nothing and says so
//! once; the sounds' entities go after a few seconds either way. The board asks for the cues of what it shows (steps,
//! shots, falls: `battle/effects.rs`, `battle/motion.rs`, which know what the viewer sees); the chime and the call are
//! asked for here.

use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, GlobalVolume, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::combat::TurnState;
use crate::rules::engine::ruleset::WeaponClass;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>().add_systems(Startup, load_sounds).add_systems(
        Update,
        (
            set_volume.run_if(resource_changed::<super::settings::Settings>),
            (cue_chime, cue_handover).run_if(in_state(super::screens::OnBoard)),
            play_sounds.in_set(PlaySoundSystems),
            end_sounds,
        )
            .chain()
            .after(crate::combat::TurnSystems::End),
    );
}

/// The sounds asked for so far this frame are played (a cue asked for before, in the same frame, sounds at once).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlaySoundSystems;

/// A request: play this sound now.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySound(pub Cue);

/// What a sound is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Step,
    Shot(WeaponClass),
    Hit,
    Miss,
    Fall,
    Chime,
    Handover,
}

/// The sounds, decoded from the files built into the game.
#[derive(Resource)]
struct Sounds(std::collections::HashMap<&'static str, Handle<AudioSource>>);

/// Each sound file by name (assets/sounds/NAME.ogg).
const FILES: [(&str, &[u8]); 12] = [
    ("step", include_bytes!("../../assets/sounds/step.ogg")),
    ("pistol", include_bytes!("../../assets/sounds/pistol.ogg")),
    ("rifle", include_bytes!("../../assets/sounds/rifle.ogg")),
    ("burst", include_bytes!("../../assets/sounds/burst.ogg")),
    ("heavy", include_bytes!("../../assets/sounds/heavy.ogg")),
    ("beam", include_bytes!("../../assets/sounds/beam.ogg")),
    ("melee", include_bytes!("../../assets/sounds/melee.ogg")),
    ("hit", include_bytes!("../../assets/sounds/hit.ogg")),
    ("miss", include_bytes!("../../assets/sounds/miss.ogg")),
    ("knockdown", include_bytes!("../../assets/sounds/knockdown.ogg")),
    ("chime", include_bytes!("../../assets/sounds/chime.ogg")),
    ("handover", include_bytes!("../../assets/sounds/handover.ogg")),
];

impl Cue {
    /// The file it plays, and how loud among the others (a footstep is quiet).
    fn file(self) -> (&'static str, f32) {
        match self {
            Cue::Step => ("step", 0.35),
            Cue::Shot(class) => match class {
                WeaponClass::Melee => ("melee", 0.8),
                WeaponClass::Pistol => ("pistol", 0.8),
                WeaponClass::Rifle => ("rifle", 0.8),
                WeaponClass::Automatic => ("burst", 0.8),
                WeaponClass::Heavy => ("heavy", 0.9),
                WeaponClass::Beam => ("beam", 0.8),
                // A thrown weapon leaves the hand with a whoosh, as a blow does.
                WeaponClass::Thrown => ("melee", 0.8),
            },
            Cue::Hit => ("hit", 0.8),
            Cue::Miss => ("miss", 0.6),
            Cue::Fall => ("knockdown", 0.8),
            Cue::Chime => ("chime", 0.7),
            Cue::Handover => ("handover", 0.8),
        }
    }
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |bytes: &'static [u8]| sources.add(AudioSource { bytes: Arc::from(bytes) });
    commands.insert_resource(Sounds(FILES.iter().map(|(name, bytes)| (*name, add(bytes))).collect()));
}

/// The settings' volume, or none when muted, for every sound.
fn set_volume(settings: Res<super::settings::Settings>, mut global: ResMut<GlobalVolume>) {
    let level = if settings.muted { 0.0 } else { settings.volume.clamp(0.0, 1.0) };
    global.volume = Volume::Linear(level);
}

/// A sound playing, and its age: gone after `LAST` seconds, played or not.
#[derive(Component)]
struct Playing(f32);

/// Longer than any of the sounds.
const LAST: f32 = 3.0;

/// At most this many sounds at once (a long burst of footsteps on a big map stays a few).
const AT_ONCE: usize = 12;

fn play_sounds(
    mut commands: Commands,
    mut asked: MessageReader<PlaySound>,
    sounds: Option<Res<Sounds>>,
    playing: Query<(), With<Playing>>,
    settings: Res<super::settings::Settings>,
) {
    let Some(sounds) = sounds else { return };
    let mut room = AT_ONCE.saturating_sub(playing.iter().count());
    for PlaySound(cue) in asked.read() {
        let (name, loudness) = cue.file();
        let Some(handle) = sounds.0.get(name) else { continue };
        if room == 0 || settings.muted {
            continue;
        }
        room -= 1;
        let playback = PlaybackSettings::DESPAWN.with_volume(Volume::Linear(loudness));
        commands.spawn((AudioPlayer(handle.clone()), playback, Playing(0.0)));
    }
}

/// A sound's entity goes after `LAST` seconds (with no audio device it would stay queued for ever).
fn end_sounds(mut commands: Commands, time: Res<Time>, mut playing: Query<(Entity, &mut Playing)>) {
    for (entity, mut age) in &mut playing {
        age.0 += time.delta_secs();
        if age.0 > LAST {
            commands.entity(entity).despawn();
        }
    }
}

/// A player's unit waits for orders: a chime, once for each slot.
fn cue_chime(state: Option<Res<TurnState>>, mut last: Local<Option<Entity>>, mut out: MessageWriter<PlaySound>) {
    let waiting = state.and_then(|s| s.awaiting()).map(|(e, _)| e);
    if waiting.is_some() && waiting != *last {
        out.write(PlaySound(Cue::Chime));
    }
    *last = waiting;
}

/// The hand-over screen comes up: its call.
fn cue_handover(handover: Res<super::Handover>, mut was: Local<bool>, mut out: MessageWriter<PlaySound>) {
    let covered = handover.covered();
    if covered && !*was {
        out.write(PlaySound(Cue::Handover));
    }
    *was = covered;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_has_a_sound_file_and_every_file_is_an_ogg() {
        let names: Vec<&str> = FILES.iter().map(|(n, _)| *n).collect();
        let classes = [
            WeaponClass::Melee,
            WeaponClass::Pistol,
            WeaponClass::Rifle,
            WeaponClass::Automatic,
            WeaponClass::Heavy,
            WeaponClass::Beam,
            WeaponClass::Thrown,
        ];
        let cues = [Cue::Step, Cue::Hit, Cue::Miss, Cue::Fall, Cue::Chime, Cue::Handover];
        for cue in cues.into_iter().chain(classes.map(Cue::Shot)) {
            assert!(names.contains(&cue.file().0), "{cue:?}");
        }
        for (name, bytes) in FILES {
            assert!(bytes.starts_with(b"OggS") && bytes.len() < 16_000, "{name}: {} bytes", bytes.len());
        }
    }
}
