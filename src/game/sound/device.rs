//! Opening the audio device quietly: on Linux, ALSA writes its complaints
//! about a machine with no sound card straight to the terminal (a dozen
//! lines), while Bevy's one line ("No audio device found.") says it all.
//! While Bevy opens the device, those complaints are caught and kept in
//! the log at debug level.

/// ALSA's messages on this thread, caught until [`DeviceMessages::log`].
pub struct DeviceMessages {
    #[cfg(target_os = "linux")]
    caught: Option<std::rc::Rc<std::cell::RefCell<alsa::Output>>>,
}

impl DeviceMessages {
    /// Starts catching ALSA's messages on this thread (call it on the
    /// thread that adds Bevy's plugins, before it does).
    pub fn catch() -> DeviceMessages {
        DeviceMessages {
            #[cfg(target_os = "linux")]
            caught: alsa::Output::local_error_handler().ok(),
        }
    }

    /// What was caught, on one debug line (the catching goes on, quietly).
    pub fn log(self) {
        #[cfg(target_os = "linux")]
        if let Some(caught) = self.caught {
            let text = caught.borrow().to_string();
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            if !lines.is_empty() {
                bevy::log::debug!("ALSA while opening the audio device: {}", lines.join(" | "));
            }
        }
    }
}
