//! Which renderer draws the real window under Xvfb (`TABULA_RENDERER`,
//! docs/BENCHMARKS-gui.md): "auto" keeps OpenGL on a GPU but switches to
//! SDL's software renderer where OpenGL itself rasterises on the CPU
//! (Xvfb's GL is Mesa's llvmpipe or swrast), "gpu" and "software" force
//! one, and a user's `SDL_RENDER_DRIVER` is left alone. The layout dump
//! names the renderer and why. Missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1`.

use tabula_suite::fixtures::scratch_dir;
use tabula_suite::window::{tabula_binary, tools_present, Window};

/// The renderer the window reports with these environment variables.
fn renderer(name: &str, env: &[(&str, &str)]) -> String {
    let dir = scratch_dir(&format!("gui_renderer_{name}"));
    let config = dir.join("pvp.toml");
    let person = |name: &str| format!("[[players]]\nname = \"{name}\"\nkind = \"human\"\n");
    std::fs::write(&config, format!("[game]\nrules = \"chess\"\n{}{}", person("A"), person("B"))).unwrap();
    let mut gui = Window::open_with_env(&tabula_binary(), &config, &dir, env);
    let layout = gui.layout("the renderer", |v| v["renderer"].as_str().is_some_and(|r| !r.is_empty()));
    layout["renderer"].as_str().unwrap().to_string()
}

#[test]
fn auto_draws_with_the_software_renderer_where_opengl_rasterises_on_the_cpu() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let gpu = renderer("gpu", &[("TABULA_RENDERER", "gpu")]);
    assert!(gpu.starts_with("opengl (TABULA_RENDERER=gpu: GL is "), "{gpu}");
    let gl = gpu.split_once("GL is ").unwrap().1.strip_suffix(')').unwrap();
    let soft = ["llvmpipe", "softpipe", "swrast", "Software Rasterizer"].iter().any(|s| gl.contains(s));
    let auto = renderer("auto", &[]);
    if soft {
        assert_eq!(auto, format!("software (auto: GL is {gl})"));
    } else {
        assert!(auto.starts_with("opengl (auto: GL is "), "{auto}");
    }
    let software = renderer("software", &[("TABULA_RENDERER", "software")]);
    assert_eq!(software, "software (TABULA_RENDERER=software)");
    // The user's choice of SDL driver wins over auto.
    let user = renderer("user", &[("SDL_RENDER_DRIVER", "opengl")]);
    assert_eq!(user, "opengl (SDL_RENDER_DRIVER=opengl)");
}
