// The loopback ceiling for bench/assets.ts's downloads: a Python server that
// answers every GET with one file through the kernel's sendfile (no copy
// through user space, no HTTP framework), to the same curl client. What a
// download loses against it is the server's; what it loses against a disk
// read beyond that is loopback TCP and the client's, which no server avoids.
import { spawn } from 'node:child_process';

const SERVER = String.raw`
import os, socket, sys
path = sys.argv[1]
size = os.path.getsize(path)
listener = socket.socket()
listener.bind(('127.0.0.1', 0))
listener.listen(8)
print(listener.getsockname()[1], flush=True)
while True:
    connection, _ = listener.accept()
    with connection:
        request = b''
        while b'\r\n\r\n' not in request:
            chunk = connection.recv(65536)
            if not chunk:
                break
            request += chunk
        connection.sendall(b'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\nConnection: close\r\n\r\n' % size)
        with open(path, 'rb') as file:
            connection.sendfile(file)
`;

export interface SendfileServer {
  url: string;
  stop(): void;
}

export function startSendfileServer(path: string): Promise<SendfileServer> {
  const child = spawn('python3', ['-c', SERVER, path], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sendfile server exited (${code}) before listening`)));
    child.stdout.once('data', (line: Buffer) => {
      resolve({ url: `http://127.0.0.1:${Number(line.toString().trim())}/`, stop: () => void child.kill() });
    });
  });
}
