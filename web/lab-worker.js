// The browser Lab's worker: runs a student's program — JavaScript, or Python through Pyodide
// (served from ./pyodide/, loaded the first time a Python program runs) — in place, judged by
// the pure core (ai-arcade-worker's labRun: the same referee as the desktop's `lab run`).
// The page starts it as a module worker named "lab" and ends it to stop a program (a worker
// cannot be interrupted while it runs); it says "Ready" once it listens. Messages are arrays
// whose first item is JSON text, as for the search worker (worker.js).
import init, { labRun } from './ai-arcade-worker.js';

const post = (reply) => postMessage([JSON.stringify(reply)]);

/// Thrown into a program the run no longer wants (its answer came, or a violation): unwinds it.
class Stop extends Error {
  constructor() {
    super('the run is over');
  }
}

/// process.exit(code) in a JavaScript program.
class Exit extends Error {
  constructor(code) {
    super(`the program exited with code ${code}`);
    this.code = code;
  }
}

let pyodide = null;

/// Pyodide, loaded once per worker from the bundle (nothing is fetched from another host).
async function python() {
  if (pyodide) return pyodide;
  post('LabLoading');
  const base = new URL('./pyodide/', import.meta.url).href;
  const { loadPyodide } = await import('./pyodide/pyodide.mjs');
  pyodide = await loadPyodide({ indexURL: base, fullStdLib: false });
  return pyodide;
}

/// The values console.log prints, as Node.js shows the simple ones.
function shown(values) {
  return values
    .map((v) => (typeof v === 'string' ? v : v instanceof Error ? String(v.stack || v) : (() => {
      try {
        return JSON.stringify(v) ?? String(v);
      } catch {
        return String(v);
      }
    })()))
    .join(' ');
}

/// Runs a CommonJS-style file: `require`, `module`, `exports` and the given globals in scope.
function commonjs(source, name, scope) {
  const module = { exports: {} };
  const names = Object.keys(scope);
  const body = `${source}\n//# sourceURL=${name}`;
  // eslint-disable-next-line no-new-func
  new Function('module', 'exports', ...names, body)(module, module.exports, ...names.map((n) => scope[n]));
  return module.exports;
}

/// A JavaScript program, as Node.js would run it with stdin and stdout: `require` gives the
/// Lab's helper, `fs` (readFileSync(0) for the input, writeSync(1 or 2, …)) and `readline`
/// (createInterface(…).on('line' | 'close', …)); console.log prints a line, console.error
/// writes to stderr; the globals print(…) and readline() of the JS shells work too.
function runJavaScript(code, helperSource, io) {
  const lineReaders = [];
  const readAll = () => {
    const lines = [];
    for (let line = io.read(); line !== null; line = io.read()) lines.push(line + '\n');
    return lines.join('');
  };
  const fs = {
    readFileSync(file, options) {
      if (file === 0 || file === '/dev/stdin') {
        const text = readAll();
        return options ? text : new TextEncoder().encode(text);
      }
      throw new Error(`fs.readFileSync(${JSON.stringify(file)}): the browser's Lab has no files; read stdin (0)`);
    },
    writeSync(fd, text) {
      (fd === 2 ? io.warn : io.write)(String(text));
    },
    readSync() {
      throw new Error("fs.readSync: use require('./lab_helper.js'), readline, or fs.readFileSync(0) in the browser's Lab");
    },
  };
  const readline = {
    createInterface() {
      const handlers = { line: [], close: [] };
      const reader = {
        closed: false,
        on(event, handler) {
          (handlers[event] ||= []).push(handler);
          return reader;
        },
        close() {
          reader.closed = true;
        },
        handlers,
      };
      lineReaders.push(reader);
      return reader;
    },
  };
  const process = {
    argv: ['node', 'main.js'],
    env: {},
    platform: 'browser',
    stdout: { write: (text) => io.write(String(text)) },
    stderr: { write: (text) => io.warn(String(text)) },
    exit: (code = 0) => {
      throw new Exit(code);
    },
  };
  const console = {
    log: (...values) => io.write(shown(values) + '\n'),
    info: (...values) => io.write(shown(values) + '\n'),
    error: (...values) => io.warn(shown(values) + '\n'),
    warn: (...values) => io.warn(shown(values) + '\n'),
    debug: (...values) => io.warn(shown(values) + '\n'),
  };
  const helper = (() => {
    let made = null;
    return () => {
      if (!made) {
        globalThis.labIo = { readLine: io.read, write: io.write };
        made = commonjs(helperSource, 'lab_helper.js', { require, process, console });
      }
      return made;
    };
  })();
  function require(name) {
    if (/(^|\/)lab_helper(\.js)?$/.test(name)) return helper();
    if (name === 'fs' || name === 'node:fs') return fs;
    if (name === 'readline' || name === 'node:readline') return readline;
    throw new Error(`require('${name}'): the browser's Lab has lab_helper.js, fs and readline`);
  }
  const print = (...values) => io.write(shown(values) + '\n');
  commonjs(code, 'main.js', { require, process, console, print, readline: () => io.read() });
  // the lines a readline interface listens for, then its close
  for (const reader of lineReaders) {
    for (let line = reader.closed ? null : io.read(); line !== null; line = reader.closed ? null : io.read()) {
      for (const handler of reader.handlers.line) handler(line);
    }
    for (const handler of reader.handlers.close) handler();
  }
}

/// The run a Python program reads and prints through (set for each run).
let pythonIo = null;

/// A Python program through Pyodide: main.py beside lab_helper.py in /home/pyodide, run as
/// __main__, with sys.stdin, sys.stdout and sys.stderr the run's own for its length — line by
/// line, nothing kept in a buffer from one run to the next, every print passed on at once.
function runPython(code, helperSource, io) {
  const py = pyodide;
  if (!pythonIo) {
    py.registerJsModule('_ai_arcade_lab', {
      // JS null is not Python's None: the end of the input is undefined
      read: () => pythonIo.read() ?? undefined,
      write: (text) => pythonIo.write(text),
      warn: (text) => pythonIo.warn(text),
    });
  }
  pythonIo = io;
  py.FS.writeFile('/home/pyodide/lab_helper.py', helperSource);
  py.FS.writeFile('/home/pyodide/main.py', code);
  py.runPython(`
import io, os, runpy, sys
import _ai_arcade_lab as _lab

class _LabIn(io.TextIOBase):
    def readable(self):
        return True
    def readline(self, size=-1):
        line = _lab.read()
        return line + "\\n" if isinstance(line, str) else ""
    def read(self, size=-1):
        return "".join(iter(self.readline, ""))

class _LabOut(io.TextIOBase):
    def __init__(self, send):
        self._send = send
    def writable(self):
        return True
    def write(self, text):
        self._send(str(text))
        return len(text)

os.chdir("/home/pyodide")
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
sys.modules.pop("lab_helper", None)
sys.argv = ["main.py"]
sys.stdin, sys.stdout, sys.stderr = _LabIn(), _LabOut(_lab.write), _LabOut(_lab.warn)
try:
    runpy.run_path("/home/pyodide/main.py", run_name="__main__")
except SystemExit as e:
    if e.code not in (None, 0):
        raise
finally:
    sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__
`);
}

/// The first line of an error that stopped a program (a Python error's last line, its kind).
function describe(error, io) {
  const text = String((error && error.message) || error);
  const lines = text.trim().split('\n');
  if (error && error.constructor && error.constructor.name === 'PythonError') {
    io.warn(text + '\n');
    return lines[lines.length - 1];
  }
  if (error && error.stack) io.warn(String(error.stack) + '\n');
  return lines[0];
}

// Called by labRun (Rust) with the run's read, write and warn, which live only during this call.
globalThis.labProgram = (language, code, helper, read, write, warn) => {
  let live = true;
  let stopped = false;
  const io = {
    read: () => (live ? read() ?? null : null),
    write: (text) => {
      if (live && !write(String(text))) {
        stopped = true;
        throw new Stop();
      }
    },
    warn: (text) => {
      if (live) warn(String(text));
    },
  };
  try {
    if (language === 'Python') runPython(code, helper, io);
    else runJavaScript(code, helper, io);
    return undefined;
  } catch (error) {
    // told to stop (a Stop thrown inside Python comes back as Python's error): the run is over
    if (stopped || error instanceof Stop || (error instanceof Exit && error.code === 0)) return undefined;
    if (error instanceof Exit) return error.message;
    return describe(error, io);
  } finally {
    live = false;
    delete globalThis.labIo;
  }
};

await init();
self.onmessage = async (event) => {
  const text = Array.isArray(event.data) ? event.data[0] : null;
  let request = null;
  try {
    request = JSON.parse(text).Lab;
  } catch {
    request = null;
  }
  if (!request) {
    post({ Failed: { error: "a message the Lab's worker cannot read" } });
    return;
  }
  if (request.language === 'Python') {
    try {
      await python();
    } catch (error) {
      post({ Failed: { error: `Python (Pyodide) could not be loaded: ${error}` } });
      return;
    }
  }
  labRun(text);
};
post('Ready');
