"""The workbench's work as jobs in a bounded queue.

Each job runs in a process of its own, forked from a server of processes that has the analysis
already imported: cancelling a job ends its process at once (a thread could not be stopped in the
middle of a kernel), and a job that crashes cannot take the server with it. At most ``workers``
jobs run at a time and at most ``waiting`` wait for a turn; a job asked for beyond that is refused
(:class:`QueueFull`, the server's 503), so a flood of requests cannot exhaust the machine.

A finished job is kept for ``keep`` seconds, or ``keep_after_read`` seconds after it was first
read, whichever comes first: long enough to survive a page refresh, not forever.
"""
from __future__ import annotations

import multiprocessing
import secrets
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field

WAITING, RUNNING, DONE, FAILED, CANCELLED = "waiting", "running", "done", "failed", "cancelled"
FINISHED = (DONE, FAILED, CANCELLED)
RETRY_AFTER = 10      # seconds a refused client is asked to wait


class QueueFull(Exception):
    """Every worker busy and the queue full: try again after :data:`RETRY_AFTER` seconds."""

    retry_after = RETRY_AFTER


@dataclass
class Job:
    id: str
    kind: str
    request: dict                 # the checked arguments of the work
    params: dict                  # the request as the browser gave it, to show and to link
    state: str = WAITING
    done: int = 0                 # progress: chunks done of total (0 of 0: not known yet)
    total: int = 0
    result: object = None
    error: str | None = None
    internal: bool = False        # failed by a fault of the program, not of the request
    created: float = field(default_factory=time.time)
    started: float | None = None
    finished: float | None = None
    first_read: float | None = None
    process: object = None

    @property
    def seconds(self) -> float | None:
        """The time the work took (so far), from its start."""
        if self.started is None:
            return None
        return (self.finished or time.time()) - self.started

    def as_dict(self) -> dict:
        out = {"id": self.id, "kind": self.kind, "state": self.state, "params": self.params,
               "progress": {"done": self.done, "total": self.total},
               "seconds": None if self.seconds is None else round(self.seconds, 2)}
        if self.state == DONE:
            out["result"] = self.result
        if self.state == FAILED:
            out["error"] = self.error
        return out


class Jobs:
    """The queue: :meth:`submit`, :meth:`get`, :meth:`cancel`; each job's process is watched by
    a thread of its own that records its progress and result."""

    def __init__(self, workers: int = 2, waiting: int = 4, keep: float = 3600.0, keep_after_read: float = 600.0):
        self.workers, self.waiting = workers, waiting
        self.keep, self.keep_after_read = keep, keep_after_read
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._queue: deque[Job] = deque()
        self._running: set[str] = set()
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["analysis.web.work"])

    def submit(self, kind: str, request: dict, params: dict) -> Job:
        """A new job, started now or queued; :class:`QueueFull` when there is no room."""
        with self._lock:
            self._expire()
            if len(self._running) >= self.workers and len(self._queue) >= self.waiting:
                raise QueueFull()
            job = Job(secrets.token_hex(8), kind, request, params)
            self._jobs[job.id] = job
            self._queue.append(job)
            self._start_waiting()
            return job

    def get(self, job_id: str, read: bool = True) -> Job | None:
        with self._lock:
            self._expire()
            job = self._jobs.get(job_id)
            if job is not None and read and job.state in FINISHED and job.first_read is None:
                job.first_read = time.time()
            return job

    def position(self, job: Job) -> int | None:
        """How many jobs wait before this one (None once it runs)."""
        with self._lock:
            return self._queue.index(job) if job in self._queue else None

    def cancel(self, job_id: str) -> Job | None:
        """Cancels a waiting or running job (a finished one is left as it is)."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None or job.state in FINISHED:
                return job
            if job.state == WAITING:
                self._queue.remove(job)
                job.finished = time.time()
            job.state = CANCELLED
            process = job.process
        if process is not None:
            process.kill()      # its watcher sees the pipe close and starts the next job
        return job

    def forget(self, job_id: str) -> None:
        """Drops a finished job at once (a result given in the answer to its request)."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is not None and job.state in FINISHED:
                del self._jobs[job_id]

    def close(self) -> None:
        """Cancels every job (the server is stopping)."""
        for job_id in list(self._jobs):
            self.cancel(job_id)

    # -- inside the lock ------------------------------------------------------------------------
    def _expire(self) -> None:
        now = time.time()
        for job in list(self._jobs.values()):
            if job.finished is None:      # running, or cancelled and its process not yet ended
                continue
            read_out = job.first_read is not None and now - job.first_read > self.keep_after_read
            if read_out or now - job.finished > self.keep:
                del self._jobs[job.id]

    def _start_waiting(self) -> None:
        from analysis.web.work import run_job
        while self._queue and len(self._running) < self.workers:
            job = self._queue.popleft()
            receiver, sender = self._context.Pipe(duplex=False)
            process = self._context.Process(target=run_job, args=(sender, job.kind, job.request), daemon=True,
                                            name=f"euchrelab-job-{job.id}")
            process.start()
            sender.close()
            job.state, job.started, job.process = RUNNING, time.time(), process
            self._running.add(job.id)
            threading.Thread(target=self._watch, args=(job, receiver), daemon=True).start()

    # -- the watcher's thread -------------------------------------------------------------------
    def _watch(self, job: Job, receiver) -> None:
        outcome = None
        try:
            while outcome is None:
                message = receiver.recv()
                if message[0] == "progress":
                    job.done, job.total = message[1], message[2]
                else:
                    outcome = message
        except (EOFError, OSError):
            pass
        finally:
            receiver.close()
        job.process.join()
        with self._lock:
            if job.state == RUNNING:
                if outcome is None:
                    job.state, job.internal = FAILED, True
                    job.error = f"the job's process ended without an answer (exit code {job.process.exitcode})"
                elif outcome[0] == "done":
                    job.state, job.result = DONE, outcome[1]
                else:
                    job.state, job.error, job.internal = FAILED, outcome[1], outcome[0] == "crash"
                    if job.internal:
                        sys.stderr.write(f"euchrelab serve: job {job.id} ({job.kind}) failed:\n{outcome[2]}\n")
            job.finished = time.time()
            job.process = None
            self._running.discard(job.id)
            self._start_waiting()
