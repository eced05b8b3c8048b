"""Start-up time and memory of the table app, beside a bare Kivy app measured in the same run.

    python bench/bench_startup.py [--runs 5] [--seconds 8]

1. Cold start to the first drawn frame: each run is a fresh process; the time runs from just
   before the process is started to the window's first flip. The app starts as `hanabi-companion`
   does (configuration, language, store, resuming a game in progress, window); the baseline is
   a Kivy app showing one label. Median of the runs. Goal: the app within 1.5 times the baseline.
   Also shown: run_app() called directly, without the command line's own imports.
   Both apps start with their modules' bytecode already compiled, as an installed app does (pip
   compiles a wheel as it installs it; a checkout writes its __pycache__ on its first start):
   the bytecode goes to a folder of the run's own, even where PYTHONDONTWRITEBYTECODE is set.
   --no-bytecode-cache keeps that setting, and then every start of the app compiles its own
   modules again (Kivy's come precompiled), which costs time and leaves memory behind.
2. Resident memory (RSS) with the camera running: the app with camera.source = "file" on a folder
   of generated frames of tagged cards, after it has been scanning for a few seconds, beside the
   bare Kivy app's RSS; the median of --memory-runs fresh processes. Goals: under 150 MB in all,
   and the app's own share (above the bare Kivy window) at most 60 MB. Each figure is split into
   the pages of mapped files (the libraries' code: clean, shared with every process that maps
   the same library, dropped and read again by the kernel when memory is short) and anonymous
   memory (heap, stacks, buffers: private and dirty), with how much of it malloc holds free.
   Also timed: the first taps after start (the menu, then the history, built on first use),
   from the tap to its frame on the screen, with the camera running.
3. What each heavy import costs: each module imported alone in a fresh interpreter (the same
   environment as the app), its import time and the resident memory it adds, beside a bare
   interpreter. A module's figure includes everything it pulls in (cv2 includes numpy), so the
   rows overlap; they say where start-up time and memory go. `--imports-only` runs this part.

Runs headless (SDL's offscreen driver) unless --display is given and DISPLAY is set.
A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # this checkout's companion, not whichever one is installed
GOAL_RATIO = 1.5
GOAL_RSS_MB = 150
GOAL_OWN_MB = 60
GOAL_TAP_MS = 100

# Imported one at a time, each in a fresh interpreter (part 3).
HEAVY_IMPORTS = (
    "numpy", "cv2", "pyzbar.pyzbar", "gpiozero", "kivy", "kivy.core.window", "kivy.uix.widget",
    "companion.rules", "companion.session", "companion.store", "companion.scan.decoder",
    "companion.scan.service", "hardware.camera.choose", "hardware.camera.opencv_source",
    "companion.app.companion_app", "companion.app.main", "companion.cli",
)

RSS_MB = r"""
def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")

def memory_split():
    # file_mb: resident pages of mapped files (the libraries' code and data: clean, shareable);
    # anon_mb: anonymous memory (heap, stacks, buffers: private, dirty);
    # malloc_free_mb: of the anonymous, what malloc holds free (glibc only)
    fields = {}
    try:
        with open("/proc/self/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[2] == "kB":
                    fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    except OSError:
        return {}
    split = {"file_mb": fields.get("Rss", 0) - fields.get("Anonymous", 0),
             "anon_mb": fields.get("Anonymous", 0)}
    try:
        import ctypes

        class MallInfo2(ctypes.Structure):
            _fields_ = [(name, ctypes.c_size_t) for name in (
                "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                "uordblks", "fordblks", "keepcost")]

        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
        mallinfo2.restype = MallInfo2
        split["malloc_free_mb"] = mallinfo2().fordblks / 2**20
    except (OSError, AttributeError):
        pass
    return split
"""

IMPORT_ONE = r"""
import json, sys, time
""" + RSS_MB + r"""
name = sys.argv[1]
before_modules = len(sys.modules)
rss0 = rss_mb()
t0 = time.perf_counter()
if name != "-":
    __import__(name)
t1 = time.perf_counter()
print(json.dumps({"ms": (t1 - t0) * 1000, "mb": rss_mb() - rss0, "rss0": rss0,
                  "modules": len(sys.modules) - before_modules}))
"""

BARE_APP = r"""
import sys, time
from kivy.app import App
from kivy.uix.label import Label
from kivy.core.window import Window
from kivy.clock import Clock

def first_frame(*_a):
    print(json.dumps({"first_frame": time.monotonic()}), flush=True)
    Window.unbind(on_flip=first_frame)
    if mode == "time":
        App.get_running_app().stop()
    else:
        Clock.schedule_once(lambda _dt: report(), seconds)

def report():
    from kivy.graphics.opengl import GL_RENDERER, glGetString
    print(json.dumps({"rss_mb": rss_mb(), "renderer": glGetString(GL_RENDERER).decode(),
                      **memory_split()}), flush=True)
    App.get_running_app().stop()

class Bare(App):
    def build(self):
        Window.bind(on_flip=first_frame)
        return Label(text="Hello")

Bare().run()
"""

COMPANION_APP = r"""
import sys
from companion.app import kivy_setup
prepare = kivy_setup.prepare

def hooked(*args, **kwargs):
    prepare(*args, **kwargs)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window

    def first_frame(*_a):
        print(json.dumps({"first_frame": time.monotonic()}), flush=True)
        Window.unbind(on_flip=first_frame)
        if mode == "time":
            App.get_running_app().stop()
        elif mode == "taps":
            Clock.schedule_once(lambda _dt: taps(), seconds)
        else:
            Clock.schedule_once(lambda _dt: report(), seconds)

    def taps():  # the first taps after start: each timed from the tap to its frame on screen
        app = App.get_running_app()
        steps = [("menu", app.actions.open_menu), ("history", app.actions.menu_history)]
        times = {}

        def step(i):
            if i == len(steps):
                print(json.dumps({"taps": times}), flush=True)
                app.stop()
                return
            name, action = steps[i]
            t0 = time.perf_counter()

            def drawn(*_a):
                Window.unbind(on_flip=drawn)
                times[name] = (time.perf_counter() - t0) * 1000
                Clock.schedule_once(lambda _dt: step(i + 1), 0.3)

            Window.bind(on_flip=drawn)
            action()

        step(0)

    def report():
        app = App.get_running_app()
        frames = app.camera.service.frames if app.camera and app.camera.service else 0
        print(json.dumps({"rss_mb": rss_mb(), "scan_state": app.model.scan_state,
                          "frames_decoded": frames, **memory_split()}), flush=True)
        app.stop()

    Window.bind(on_flip=first_frame)

kivy_setup.prepare = hooked
if os.environ.get("BENCH_RUN_APP_ONLY"):  # the app without the command line's imports
    import argparse
    from companion.app.main import run_app
    sys.exit(run_app(argparse.Namespace(demo=False, config=config_path, fullscreen=False,
                                        size="800x480")))
from companion.cli import main
sys.exit(main(["--config", config_path, "--size", "800x480"]))
"""

PRELUDE = r"""
import json, os, sys, time
mode, seconds, config_path = sys.argv[1], float(sys.argv[2]), sys.argv[3]

""" + RSS_MB


def child_env(tmp: Path, display: bool, bytecode: bool = True) -> dict:
    """The children's environment. `bytecode`: compiled modules are kept (in a folder of the
    run's own) from one start to the next, as for an installed app: pip compiles a wheel's
    modules as it installs them, and a checkout writes its __pycache__ on its first start.
    Without it, where PYTHONDONTWRITEBYTECODE is set, every start of the app would compile its
    own modules again while Kivy's come precompiled with its wheel."""
    (tmp / "kivy").mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_HOME=str(tmp / "kivy"),
               HANABI_COMPANION_DATA=str(tmp / "data"), SDL_AUDIODRIVER="dummy",
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])))
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "bytecode")
    if not display:
        env["SDL_VIDEODRIVER"] = "offscreen"
    return env


def run_child(script: Path, mode: str, seconds: float, config: Path, env: dict) -> dict:
    start = time.monotonic()
    proc = subprocess.run([sys.executable, str(script), mode, str(seconds), str(config)],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
    result: dict = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            result.update(json.loads(line))
    if "first_frame" not in result:
        raise RuntimeError(f"no frame drawn (exit {proc.returncode}): {proc.stderr[-800:]}")
    result["seconds"] = result["first_frame"] - start
    return result


def game_in_progress(data: Path) -> None:
    """A store holding an unfinished game, so that the app opens on the table and resumes it."""
    from companion.rules import GameSetup, parse_card
    from companion.session import TableSession
    from companion.store import open_store

    data.mkdir(parents=True, exist_ok=True)
    store, _notice = open_store(data / "companion.sqlite3")
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(["Ana", "Ben", "Cy", "Dee"]))
    for card in ("R1", "B1", "R2"):
        session.clue()
        session.play(parse_card(card))
    session.discard(parse_card("Y4"))
    store.close()


def write_frames(folder: Path) -> None:
    """A few frames of the table with tagged cards, for the file camera."""
    import cv2

    from companion.rules import Card
    from companion.demo.synth import empty_frame, render_frame

    folder.mkdir(parents=True, exist_ok=True)
    frames = [empty_frame(seed=1, background=3)]
    frames += [render_frame([(Card("B", 3), 1)], seed=5, background=3)] * 6
    frames += [empty_frame(seed=2, background=3)] * 3
    for i, frame in enumerate(frames):
        cv2.imwrite(str(folder / f"frame{i:02d}.png"), frame)


def import_cost(module: str, env: dict, runs: int) -> dict:
    """Median import time (ms) and added RSS (MB) of `module`, each run a fresh interpreter."""
    results = []
    for run in range(runs + 1):  # the first compiles the modules' bytecode: not counted
        proc = subprocess.run([sys.executable, "-c", IMPORT_ONE, module], capture_output=True,
                              text=True, env=env, cwd=REPO, timeout=120)
        lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
        if proc.returncode != 0 or not lines:
            return {"error": (proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode])[-1]}
        if run:
            results.append(json.loads(lines[-1]))
    return {key: statistics.median(r[key] for r in results) for key in ("ms", "mb", "rss0", "modules")}


def report_imports(env: dict, runs: int) -> None:
    bare = import_cost("-", env, runs)
    print(f"What each import costs (alone in a fresh interpreter, median of {runs}; "
          f"the rows overlap: a module counts all it pulls in)")
    print(f"  bare interpreter (baseline)        {0:7.0f} ms  {bare['rss0']:7.1f} MB resident at start")
    for module in HEAVY_IMPORTS:
        cost = import_cost(module, env, runs)
        if "error" in cost:
            print(f"  {module:34s} cannot be imported here: {cost['error']}")
            continue
        print(f"  {module:34s} {cost['ms']:7.0f} ms  {cost['mb']:+7.1f} MB   "
              f"({cost['modules']:.0f} modules)")


def memory_runs(script: Path, seconds: float, config: Path, env: dict, runs: int) -> dict:
    """The run of median RSS among `runs` fresh processes, with every run's RSS."""
    results = sorted((run_child(script, "rss", seconds, config, env) for _ in range(runs)),
                     key=lambda r: r["rss_mb"])
    median = dict(results[len(results) // 2])
    median["runs"] = [r["rss_mb"] for r in results]
    return median


def memory_line(label: str, result: dict, extra: str = "") -> str:
    runs = ", ".join(f"{mb:.0f}" for mb in result["runs"])
    split = ""
    if "anon_mb" in result:
        split = (f" = files {result['file_mb']:5.1f} + anonymous {result['anon_mb']:5.1f}"
                 f" (malloc's free {result.get('malloc_free_mb', float('nan')):4.1f})")
    return f"  {label:28s} {result['rss_mb']:7.1f} MB{split}   (runs: {runs}){extra}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure (default 5)")
    parser.add_argument("--seconds", type=float, default=8.0,
                        help="how long the camera runs before RSS is read (default 8)")
    parser.add_argument("--display", action="store_true", help="draw on $DISPLAY, not offscreen")
    parser.add_argument("--import-runs", type=int, default=3,
                        help="fresh interpreters per import measured (default 3)")
    parser.add_argument("--imports-only", action="store_true",
                        help="only measure what each import costs (part 3)")
    parser.add_argument("--memory-runs", type=int, default=3,
                        help="fresh processes per memory figure (default 3; the median is shown)")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="keep the environment's PYTHONDONTWRITEBYTECODE: each start compiles "
                             "the app's modules again (Kivy's come precompiled)")
    args = parser.parse_args()
    bytecode = not args.no_bytecode_cache
    display = args.display and bool(os.environ.get("DISPLAY"))
    if args.imports_only:
        with tempfile.TemporaryDirectory() as tmp_name:
            report_imports(child_env(Path(tmp_name), display, bytecode), args.import_runs)
        return 0

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = child_env(tmp, display, bytecode)
        game_in_progress(tmp / "data")
        only_env = dict(env, BENCH_RUN_APP_ONLY="1")
        bare_app, companion_app = tmp / "bare_app.py", tmp / "companion_app.py"
        bare_app.write_text(PRELUDE + BARE_APP)
        companion_app.write_text(PRELUDE + COMPANION_APP)
        manual = tmp / "manual.toml"
        manual.write_text('[camera]\nsource = "none"\n[panel]\nenabled = "auto"\n')
        frames = tmp / "frames"
        write_frames(frames)
        camera = tmp / "camera.toml"
        camera.write_text(f'[camera]\nsource = "file"\npath = "{frames}"\nfps = 15\n'
                          '[panel]\nenabled = "auto"\n')

        # one warm-up of each, so that the first measured run does not pay for the disk cache
        run_child(bare_app, "time", 0, manual, env)
        run_child(companion_app, "time", 0, manual, env)
        bare, app, only = [], [], []
        for _ in range(args.runs):  # interleaved, so that a busy moment hits all alike
            bare.append(run_child(bare_app, "time", 0, manual, env)["seconds"])
            app.append(run_child(companion_app, "time", 0, manual, env)["seconds"])
            only.append(run_child(companion_app, "time", 0, manual, only_env)["seconds"])
        bare_median, app_median = statistics.median(bare), statistics.median(app)
        only_median = statistics.median(only)
        ratio = app_median / bare_median

        bare_rss = memory_runs(bare_app, args.seconds, manual, env, args.memory_runs)
        manual_rss = memory_runs(companion_app, args.seconds, manual, env, args.memory_runs)
        app_rss = memory_runs(companion_app, args.seconds, camera, env, args.memory_runs)
        # the first taps, one second after the first frame, the camera starting or running
        taps = [run_child(companion_app, "taps", 1.0, camera, env)["taps"]
                for _ in range(args.memory_runs)]

    where = "on $DISPLAY" if display else "offscreen"
    compiled = ("bytecode kept from one start to the next" if bytecode
                else "each start compiles the app's modules")
    print(f"Cold start to the first drawn frame ({args.runs} fresh processes each, median, {where}, "
          f"{compiled})")
    print(f"  bare Kivy app (baseline)     {bare_median * 1000:7.0f} ms   "
          f"(runs: {', '.join(f'{s * 1000:.0f}' for s in bare)})")
    print(f"  Hanabi Table Companion       {app_median * 1000:7.0f} ms   "
          f"(runs: {', '.join(f'{s * 1000:.0f}' for s in app)})")
    print(f"  ratio                        {ratio:7.2f} x    goal <= {GOAL_RATIO} x: "
          f"{'met' if ratio <= GOAL_RATIO else 'NOT met'}")
    print(f"  run_app alone (no CLI)       {only_median * 1000:7.0f} ms   "
          f"(runs: {', '.join(f'{s * 1000:.0f}' for s in only)})   ratio {only_median / bare_median:.2f} x"
          f"  <- the app itself; the rest is what `hanabi-companion` imports before it")
    print("The first taps after start (tap to its frame drawn, one second after the first frame, "
          "the camera running)")
    for name, what in (("menu", "the menu opened"), ("history", "the history shown (built then)")):
        runs = [t[name] for t in taps if name in t]
        if runs:
            print(f"  {what:28s} {statistics.median(runs):7.0f} ms   "
                  f"(runs: {', '.join(f'{ms:.0f}' for ms in runs)})    goal <= {GOAL_TAP_MS} ms")
    print(f"Resident memory after {args.seconds:.0f} s, median of {args.memory_runs} "
          f"(OpenGL: {bare_rss.get('renderer')}); files: pages of mapped files such as the "
          f"libraries' code (clean, shared with any process using them); anonymous: heap, "
          f"stacks, buffers (private, dirty)")
    print(memory_line("bare Kivy app (baseline)", bare_rss))
    print(memory_line("app, no camera", manual_rss))
    print(memory_line("app, camera running (file)", app_rss,
                      f"   scanner: {app_rss.get('scan_state')}, "
                      f"{app_rss.get('frames_decoded')} frames decoded;"
                      f" goal < {GOAL_RSS_MB} MB: "
                      f"{'met' if app_rss['rss_mb'] < GOAL_RSS_MB else 'NOT met'}"))
    own = app_rss['rss_mb'] - bare_rss['rss_mb']
    own_split = ""
    if "anon_mb" in app_rss and "anon_mb" in bare_rss:
        own_split = (f" = files {app_rss['file_mb'] - bare_rss['file_mb']:+5.1f}"
                     f" + anonymous {app_rss['anon_mb'] - bare_rss['anon_mb']:+5.1f}")
    print(f"  the app's own share          {own:7.1f} MB{own_split}   "
          f"(camera running, above the bare Kivy app; a software renderer such as llvmpipe "
          f"adds its own memory to both)    goal <= {GOAL_OWN_MB} MB: "
          f"{'met' if own <= GOAL_OWN_MB else 'NOT met'}")
    print(f"  of which the camera's share  {app_rss['rss_mb'] - manual_rss['rss_mb']:7.1f} MB   "
          f"(camera running minus no camera: OpenCV, numpy, zbar, frames)")
    with tempfile.TemporaryDirectory() as tmp_name:
        report_imports(child_env(Path(tmp_name), display, bytecode), args.import_runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
