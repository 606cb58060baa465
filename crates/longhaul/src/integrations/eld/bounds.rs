//! What a provider sends is bounded before it goes further: a record's texts
//! end up in list indexes, and PostgreSQL refuses an index entry over about
//! 2.7 kB — one 10 kB name would fail a whole sync. Texts are cut at a
//! character boundary; ids keep enough bytes to stay unique in practice.

use super::{EldDriver, EldRef, EldTrailer, EldTrailerAssignment, EldVehicle, EldVehicleLocation};

/// Names, plates, VINs, licence numbers, phones: far longer than any real one.
pub const MAX_TEXT_BYTES: usize = 120;
/// Provider ids (Samsara's are digits, Geotab's "b12", Motive's integers).
pub const MAX_ID_BYTES: usize = 128;
/// Free text that is shown but not indexed (a truck's notes).
pub const MAX_NOTES_BYTES: usize = 2_000;

/// A record with its texts cut to their bounds.
pub trait Bounded {
    fn bounded(self) -> Self;
}

/// `text` cut to at most `max` bytes, at a character boundary.
pub fn cut(mut text: String, max: usize) -> String {
    if text.len() > max {
        let end = text.floor_char_boundary(max);
        text.truncate(end);
    }
    text
}

fn cut_opt(text: Option<String>, max: usize) -> Option<String> {
    text.map(|t| cut(t, max))
}

impl Bounded for EldRef {
    fn bounded(self) -> Self {
        EldRef {
            id: cut(self.id, MAX_ID_BYTES),
            name: cut_opt(self.name, MAX_TEXT_BYTES),
        }
    }
}

impl Bounded for EldDriver {
    fn bounded(self) -> Self {
        EldDriver {
            id: cut(self.id, MAX_ID_BYTES),
            first_name: cut_opt(self.first_name, MAX_TEXT_BYTES),
            last_name: cut_opt(self.last_name, MAX_TEXT_BYTES),
            username: cut_opt(self.username, MAX_TEXT_BYTES),
            phone: cut_opt(self.phone, MAX_TEXT_BYTES),
            license_number: cut_opt(self.license_number, MAX_TEXT_BYTES),
            license_state: cut_opt(self.license_state, MAX_TEXT_BYTES),
            assigned_vehicle: self.assigned_vehicle.map(Bounded::bounded),
            ..self
        }
    }
}

impl Bounded for EldVehicle {
    fn bounded(self) -> Self {
        EldVehicle {
            id: cut(self.id, MAX_ID_BYTES),
            name: cut_opt(self.name, MAX_TEXT_BYTES),
            vin: cut_opt(self.vin, MAX_TEXT_BYTES),
            license_plate: cut_opt(self.license_plate, MAX_TEXT_BYTES),
            make: cut_opt(self.make, MAX_TEXT_BYTES),
            model: cut_opt(self.model, MAX_TEXT_BYTES),
            notes: cut_opt(self.notes, MAX_NOTES_BYTES),
            assigned_driver: self.assigned_driver.map(Bounded::bounded),
            ..self
        }
    }
}

impl Bounded for EldTrailer {
    fn bounded(self) -> Self {
        EldTrailer {
            id: cut(self.id, MAX_ID_BYTES),
            name: cut_opt(self.name, MAX_TEXT_BYTES),
            vin: cut_opt(self.vin, MAX_TEXT_BYTES),
            license_plate: cut_opt(self.license_plate, MAX_TEXT_BYTES),
            trailer_type: cut_opt(self.trailer_type, MAX_TEXT_BYTES),
            notes: cut_opt(self.notes, MAX_NOTES_BYTES),
            ..self
        }
    }
}

impl Bounded for EldTrailerAssignment {
    fn bounded(self) -> Self {
        EldTrailerAssignment {
            trailer_id: cut(self.trailer_id, MAX_ID_BYTES),
            driver: self.driver.bounded(),
            ..self
        }
    }
}

impl Bounded for EldVehicleLocation {
    fn bounded(self) -> Self {
        EldVehicleLocation {
            vehicle_id: cut(self.vehicle_id, MAX_ID_BYTES),
            description: cut_opt(self.description, MAX_TEXT_BYTES),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_keeps_whole_characters_and_short_texts_as_they_are() {
        assert_eq!(cut("Truck 7".into(), 120), "Truck 7");
        assert_eq!(cut("abcdef".into(), 3), "abc");
        // 'é' is two bytes: a cut inside it keeps the character out.
        assert_eq!(cut("aé".into(), 2), "a");
        let long = "ñ".repeat(5_000);
        let cut_long = cut(long, MAX_TEXT_BYTES);
        assert!(cut_long.len() <= MAX_TEXT_BYTES && cut_long.chars().all(|c| c == 'ñ'));
    }
}
