//! Miles between stops until a routing provider exists: the great-circle
//! distance times a road factor (the UI says it is an estimate).

use crate::geo::{LatLon, distance_mi};

/// Roads are longer than the great circle; 1.2 is the usual rule of thumb
/// for US interstate freight.
pub const ROAD_FACTOR: f64 = 1.2;

/// Estimated road miles through `points` in order, rounded to whole miles.
pub fn estimated_miles(points: &[LatLon]) -> i32 {
    let miles: f64 = points
        .windows(2)
        .map(|pair| distance_mi(pair[0], pair[1]))
        .sum();
    // At most a few thousand miles: the cast cannot overflow.
    (miles * ROAD_FACTOR).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chicago_to_atlanta_is_about_seven_hundred_road_miles() {
        let chicago = LatLon {
            lat: 41.8781,
            lon: -87.6298,
        };
        let atlanta = LatLon {
            lat: 33.749,
            lon: -84.388,
        };
        let miles = estimated_miles(&[chicago, atlanta]);
        // Great circle ~588 mi; by road ~716 mi.
        assert!((690..=730).contains(&miles), "{miles}");
        assert_eq!(estimated_miles(&[chicago]), 0);
        assert!((estimated_miles(&[chicago, atlanta, chicago]) - 2 * miles).abs() <= 1);
    }
}
