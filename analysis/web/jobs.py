"""The workbench's work as jobs in a bounded queue.

Each job runs in a process of its own, forked from a server of processes that has the analysis
already imported: cancelling a job ends its process at once (a thread could not be stopped in the
middle of a kernel), and a job that crashes cannot take the server with it. At most ``workers``
jobs run at a time. A long job (a comparison, a chart: the browser follows its page) waits for a
turn among at most ``waiting``; a short one (a hand's advice, a position: the browser waits for
its answer) among at most ``short_waiting`` of its own, ahead of the long ones, and its request
gives up after ``short_wait`` seconds without a turn. A job asked for beyond its bound is refused
(:class:`QueueFull`, the server's 503), so a flood of requests cannot exhaust the machine, while a
burst of short requests, as a page's users make, waits its turn instead of being refused.

A job that runs longer than ``time_limit`` seconds is stopped, and fails saying so: the
workbench answers in about half a minute (:mod:`analysis.limits`), the command line has no limit.

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

from analysis.limits import WEB_SECONDS

WAITING, RUNNING, DONE, FAILED, CANCELLED = "waiting", "running", "done", "failed", "cancelled"
FINISHED = (DONE, FAILED, CANCELLED)
RETRY_AFTER = 10      # seconds a refused client is asked to wait
SHORT_WAITING = 32    # short jobs that may wait: a burst of a page's users, not a flood
SHORT_WAIT = 30.0     # seconds a short job's request waits for a turn: a browser's patience, not its timeout


class QueueFull(Exception):
    """Every worker busy and the queue full, or busy for too long: try again after
    :data:`RETRY_AFTER` seconds."""

    retry_after = RETRY_AFTER

    def __init__(self, message: str = "every worker is running and the queue is full"):
        super().__init__(message)


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
    short: bool = False           # answered to a request that waits for it (see the module)
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

    def __init__(self, workers: int = 2, waiting: int = 4, keep: float = 3600.0, keep_after_read: float = 600.0,
                 short_waiting: int = SHORT_WAITING, short_wait: float = SHORT_WAIT, time_limit: float = WEB_SECONDS):
        self.workers, self.waiting = workers, waiting
        self.time_limit = time_limit
        self.short_waiting, self.short_wait = short_waiting, short_wait
        self.keep, self.keep_after_read = keep, keep_after_read
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._queue: deque[Job] = deque()
        self._running: set[str] = set()
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["analysis.web.work"])

    def submit(self, kind: str, request: dict, params: dict, short: bool = False) -> Job:
        """A new job, started now or queued (a short one after the short ones waiting, before
        the long ones); :class:`QueueFull` when its kind has no room."""
        with self._lock:
            self._expire()
            shorts = sum(j.short for j in self._queue)
            if len(self._running) >= self.workers and (
                    shorts >= self.short_waiting if short else len(self._queue) - shorts >= self.waiting):
                raise QueueFull()
            job = Job(secrets.token_hex(8), kind, request, params, short=short)
            self._jobs[job.id] = job
            if short:
                self._queue.insert(shorts, job)
            else:
                self._queue.append(job)
            self._start_waiting()
            return job

    def withdraw(self, job: Job) -> bool:
        """Takes a job out of the queue if it still waits (its request waited too long), and
        forgets it; False if it has started."""
        with self._lock:
            if job.state != WAITING:
                return False
            self._queue.remove(job)
            job.state, job.finished = CANCELLED, time.time()
            del self._jobs[job.id]
            return True

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

    def _stop(self, job: Job) -> None:
        """Ends a job past its time limit: it fails, saying why and what to do."""
        with self._lock:
            if job.state != RUNNING:
                return
            job.state = FAILED
            job.error = (f"stopped after {self.time_limit:g} s, the workbench's limit for one job: ask for fewer "
                         f"worlds or deals, or run it with the command line, which has no time limit")
            process = job.process
        sys.stderr.write(f"euchrelab serve: job {job.id} ({job.kind}) stopped at its time limit, "
                         f"{self.time_limit:g} s\n")
        process.kill()

    # -- the watcher's thread -------------------------------------------------------------------
    def _watch(self, job: Job, receiver) -> None:
        outcome = None
        deadline = job.started + self.time_limit
        try:
            while outcome is None:
                if not receiver.poll(max(0.0, deadline - time.time())):
                    self._stop(job)
                    break
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
