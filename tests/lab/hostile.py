# Programs that misbehave, by argv[1]: loop, hog, fork, huge, garbage, silent, crash, quiet-exit,
# few-values (three estimates for a batch of boards).
import os
import sys
import time

what = sys.argv[1]
sys.stdin.readline()
if what == "loop":
    while True:
        pass
elif what == "hog":
    blocks = []
    while True:
        blocks.append(bytearray(16 << 20))
        for i in range(0, len(blocks[-1]), 4096):
            blocks[-1][i] = 1
elif what == "fork":
    if os.fork() == 0:
        os.execvp("sh", ["sh", "-c", "sleep 1000; :", sys.argv[2]])
    time.sleep(1000)
elif what == "huge":
    line = " " * 1000 + "\n"  # blank lines: the protocol ignores them, the limit does not
    while True:
        sys.stdout.write(line)
elif what == "garbage":
    sys.stdout.buffer.write(bytes(range(256)) + b"\n")
    sys.stdout.flush()
    time.sleep(10)
elif what == "silent":
    time.sleep(1000)
elif what == "few-values":
    sys.stdin.readline()
    print('{"op":"h","values":[0,0,0]}', flush=True)
    time.sleep(10)
elif what == "crash":
    raise RuntimeError("my search broke")
elif what == "quiet-exit":
    pass
elif what == "noflush":
    # an oracle session without flushing: the expansion never leaves the program's buffer
    sys.stdout = os.fdopen(1, "w", buffering=1 << 16)
    print('{"op":"expand","s":[1,0]}')
    sys.stdin.readline()
