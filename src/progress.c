/* The progress bar (see progress.h). */
#include "progress.h"

void progress_clear(FILE *err)
{
    fputs("\r\033[K", err);
}

void progress_draw(FILE *err, const char *name, guint64 done, guint64 size, guint64 games,
                   double secs)
{
    enum { WIDTH = 30 };
    double rate = secs > 0 ? games / secs : 0;
    progress_clear(err);
    if (name) fprintf(err, "%.24s ", name);
    if (size && done <= size) {
        double frac = (double)done / (double)size;
        int bar = (int)(frac * WIDTH);
        int eta = (int)(frac > 0 ? secs / frac - secs : 0);
        fprintf(err,
                "[%.*s%*s] %3.0f%%  %.1f/%.1f MB  %" G_GUINT64_FORMAT
                " games  %.0f games/s  ETA %d:%02d",
                bar, "==============================", WIDTH - bar, "", frac * 100, done / 1e6,
                size / 1e6, games, rate, eta / 60, eta % 60);
    } else {
        if (done) fprintf(err, "%.1f MB  ", done / 1e6);
        fprintf(err, "%" G_GUINT64_FORMAT " games  %.0f games/s", games, rate);
    }
    fflush(err);
}
